#include <stdint.h>

int64_t cueref_vision_segment_rows(const uint8_t *wb, const uint8_t *bm, const uint8_t *rm,
	const uint8_t *bgb, const uint8_t *skip, const uint8_t *offBed, const intptr_t *rspan,
	int ww, int wh, int sw, int litMouth, uint8_t *fb, uint8_t *dk,
	int32_t *votes, int maxVotes, int y0,
	int darkAlpha, int mouthLit, int ringEdge, int32_t *par);
