package vision

// views points the detector's slices at the pixels of its own images: the
// bed mask, the foreground, the local cloth colour (and its size). Each
// DataPtrUint8, Cols or Rows is one or two cgo calls, and the steps per
// candidate (its outline, colours, ring and shadow tests) asked for them
// hundreds of times a frame. The images keep their size and type, so
// OpenCV writes them in place; Detect points the slices again every frame
// all the same, and segment once more after the opening that writes fg.
func (d *Detector) views() {
	d.bm, _ = d.bedMask.DataPtrUint8()
	d.fb, _ = d.fg.DataPtrUint8()
	d.bgb, _ = d.bgSmall.DataPtrUint8()
	d.sw, d.sh = d.bgSmall.Cols(), d.bgSmall.Rows()
}
