#include "segscan.h"

#include <string.h>

// See segmentRows (segscan.go): segment's per-pixel rules over the blocks
// it cannot skip (integer arithmetic only; TestSegmentRows checks them
// against their Go definition bit for bit).

static inline int32_t iabs32(int32_t v) { return v < 0 ? -v : v; }
static inline int64_t iabs64(int64_t v) { return v < 0 ? -v : v; }

int64_t cueref_vision_segment_rows(const uint8_t *wb, const uint8_t *bm, const uint8_t *rm,
	const uint8_t *bgb, const uint8_t *skip, const uint8_t *offBed, const intptr_t *rspan,
	int ww, int wh, int sw, int litMouth, uint8_t *fb, uint8_t *dk,
	int32_t *votes, int maxVotes, int y0,
	int darkAlpha, int mouthLit, int ringEdge)
{
	int nv = 0;
	int y;
	for (y = y0; y < wh; y++) {
		int x0 = (int)rspan[2 * y], x1 = (int)rspan[2 * y + 1];
		if (x0 >= x1) {
			continue;
		}
		if (maxVotes - nv < x1 - x0) {
			// This row might not fit: the caller casts these votes first.
			break;
		}
		int row = (y >> 3) * sw, base = y * ww;
		memset(dk + base + x0, 0, (size_t)(x1 - x0));
		memset(fb + base + x0, 0, (size_t)(x1 - x0));
		int inner = y >= 2 && y < wh - 2;
		for (int bx = x0 >> 3; (bx << 3) < x1; bx++) {
			int blk = row + bx;
			if (skip[blk]) {
				continue;
			}
			int32_t cb = bgb[3 * blk], cg = bgb[3 * blk + 1], cr = bgb[3 * blk + 2];
			int64_t B = (int64_t)cb + 1, G = (int64_t)cg + 1, R = (int64_t)cr + 1;
			int64_t inv = ((int64_t)1 << 30) / (B * B + G * G + R * R);
			int xa = bx << 3 > x0 ? bx << 3 : x0;
			int xb = (bx << 3) + 8 < x1 ? (bx << 3) + 8 : x1;
			int ob = offBed[blk];
			for (int x = xa; x < xb; x++) {
				int i = base + x;
				if (!rm[i]) {
					continue;
				}
				const uint8_t *p = wb + 3 * (intptr_t)i;
				int32_t pb = p[0], pg = p[1], pr = p[2];
				if (iabs32(pb - cb) + iabs32(pg - cg) + iabs32(pr - cr) < 12) {
					continue;
				}
				int64_t b = pb, g = pg, r = pr;
				int64_t a = ((b * B + g * G + r * R) << 10) * inv >> 30;
				if (a < darkAlpha) {
					dk[i] = 1;
					if (inner && x >= 2 && x < ww - 2) {
						const uint8_t *u = p - 3 * (intptr_t)ww, *v = p + 3 * (intptr_t)ww;
						int32_t gx = (int32_t)p[3] + p[4] + p[5] - p[-3] - p[-2] - p[-1];
						int32_t gy = (int32_t)v[0] + v[1] + v[2] - u[0] - u[1] - u[2];
						if (gx * gx + gy * gy >= ringEdge * ringEdge) {
							votes[3 * nv] = i;
							votes[3 * nv + 1] = gx;
							votes[3 * nv + 2] = gy;
							nv++;
						}
					}
				}
				int onMouth = ob && bm[i] == 0;
				if (onMouth && (!litMouth || a < mouthLit)) {
					continue;
				}
				int64_t db = iabs64((b << 10) - a * B), dg = iabs64((g << 10) - a * G), dr = iabs64((r << 10) - a * R);
				int64_t cd = (db + dg + dr) >> 10;
				if (cd > 20 || a > 1350 || (a < 420 && !onMouth)) {
					fb[i] = 255;
				}
			}
		}
	}
	// The row to go on from and the edge pixels listed, in one value (an
	// out-parameter would make the Go caller allocate).
	return (int64_t)y << 32 | nv;
}
