package vision

// #cgo pkg-config: opencv4
// #cgo CXXFLAGS: --std=c++11
// #include "threads.h"
import "C"

// SetNumThreads sets the number of OpenCV worker threads (cv::setNumThreads,
// which gocv v0.31 does not wrap); 1 runs every OpenCV call on its caller's
// thread, as on a busy Raspberry Pi.
func SetNumThreads(n int) { C.cueref_vision_set_num_threads(C.int(n)) }
