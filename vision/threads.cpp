#include <opencv2/core.hpp>
#include "threads.h"

void cueref_vision_set_num_threads(int n) { cv::setNumThreads(n); }
