#include "segscan.h"

// See segmentRows (segscan.go): segment's per-pixel rules over the blocks
// it cannot skip (integer arithmetic only; TestSegmentRows checks them
// against their Go definition bit for bit).

static inline int32_t iabs32(int32_t v) { return v < 0 ? -v : v; }

// On x86-64 rowMarks is built twice, for AVX2 (8 pixels a step) and for the
// baseline (SSE2, 4), and the loader picks the one the processor runs; the
// Raspberry Pi's arm64 build has NEON in its baseline.
#if defined(__x86_64__) && defined(__has_attribute)
#if __has_attribute(target_clones)
#define ROWMARKS_CLONES __attribute__((target_clones("avx2", "default")))
#endif
#endif
#ifndef ROWMARKS_CLONES
#define ROWMARKS_CLONES
#endif

// rowMarks marks the n pixels of a row's span from p, every one of them in full
// and without a branch, so that the compiler can work 8 or 16 pixels at a
// time: the local cloth colour and its terms come per pixel from par (filled
// once per row of blocks), and a pixel of a quiet block (skip) is left 0.
//
// A pixel's brightness against the cloth colour C = (B, G, R) (the local
// colour plus one) is a = (p·C << 10) · inv >> 30 with inv = 2^30 / |C|², in
// 64 bits when it was written; it is the same value in 32 bits as
// (p·C · ih + (p·C · il >> 14)) >> 6 with ih, il inv's bits above and below
// bit 14: p·C < 2^18 and il < 2^14, and p·C · ih ≤ p·C · inv / 2^14 ≤
// 442 |C| · 2^16 / |C| < 2^25 (|p| ≤ 442, p·C ≤ |p| |C|). The colour
// differences from a·C fit 32 bits (a < 2^18, a·B < 2^27).
ROWMARKS_CLONES
static void rowMarks(const uint8_t *restrict p, const uint8_t *restrict bm, const uint8_t *restrict rm,
	const int32_t *restrict par, int stride, uint8_t *restrict fb, uint8_t *restrict dk, int n,
	int litMouth, int darkAlpha, int mouthLit)
{
	const int32_t *restrict pc = par, *restrict pg = par + stride, *restrict pr = par + 2 * stride;
	const uint32_t *restrict pih = (const uint32_t *)(par + 3 * stride), *restrict pil = (const uint32_t *)(par + 4 * stride);
	const int32_t *restrict pob = par + 5 * stride;
	for (int x = 0; x < n; x++) {
		int32_t cb = pc[x], cg = pg[x], cr = pr[x];
		int32_t B = cb + 1, G = cg + 1, R = cr + 1;
		int32_t b = p[3 * x], g = p[3 * x + 1], r = p[3 * x + 2];
		// ob: 0 a quiet block, 1 on the bed, 2 a block with some of a
		// pocket's mouth.
		int32_t ob = pob[x];
		int scan = (ob != 0) & (rm[x] != 0) & (iabs32(b - cb) + iabs32(g - cg) + iabs32(r - cr) >= 12);
		uint32_t dot = (uint32_t)(b * B + g * G + r * R);
		int32_t a = (int32_t)((dot * pih[x] + ((dot * pil[x]) >> 14)) >> 6);
		int onMouth = (ob == 2) & (bm[x] == 0);
		int mouthOut = onMouth & ((litMouth == 0) | (a < mouthLit));
		int32_t cd = (iabs32((b << 10) - a * B) + iabs32((g << 10) - a * G) + iabs32((r << 10) - a * R)) >> 10;
		int fg = (cd > 20) | (a > 1350) | ((a < 420) & (onMouth == 0));
		dk[x] = (uint8_t)(scan & (a < darkAlpha));
		fb[x] = (uint8_t)(-(scan & (mouthOut == 0) & fg));
	}
}

int64_t cueref_vision_segment_rows(const uint8_t *wb, const uint8_t *bm, const uint8_t *rm,
	const uint8_t *bgb, const uint8_t *skip, const uint8_t *offBed, const intptr_t *rspan,
	int ww, int wh, int sw, int litMouth, uint8_t *fb, uint8_t *dk,
	int32_t *votes, int maxVotes, int y0,
	int darkAlpha, int mouthLit, int ringEdge, int32_t *par)
{
	int nv = 0;
	int y;
	int parRow = -1;
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
		if (parRow != row) {
			// The block terms per pixel, for the whole row of blocks.
			parRow = row;
			for (int bx = 0; bx < sw; bx++) {
				int blk = row + bx;
				int32_t cb = bgb[3 * blk], cg = bgb[3 * blk + 1], cr = bgb[3 * blk + 2];
				int64_t B = (int64_t)cb + 1, G = (int64_t)cg + 1, R = (int64_t)cr + 1;
				uint32_t inv = (uint32_t)(((int64_t)1 << 30) / (B * B + G * G + R * R));
				int32_t ob = skip[blk] ? 0 : offBed[blk] ? 2 : 1;
				for (int x = bx << 3; x < (bx << 3) + 8 && x < ww; x++) {
					par[x] = cb;
					par[ww + x] = cg;
					par[2 * ww + x] = cr;
					par[3 * ww + x] = (int32_t)(inv >> 14);
					par[4 * ww + x] = (int32_t)(inv & 0x3fff);
					par[5 * ww + x] = ob;
				}
			}
		}
		rowMarks(wb + 3 * (intptr_t)(base + x0), bm + base + x0, rm + base + x0, par + x0, ww,
			fb + base + x0, dk + base + x0, x1 - x0, litMouth, darkAlpha, mouthLit);
		// The dark pixels on a brightness edge, in raster order.
		if (y < 2 || y >= wh - 2) {
			continue;
		}
		int xa = x0 > 2 ? x0 : 2, xb = x1 < ww - 2 ? x1 : ww - 2;
		for (int x = xa; x < xb; x++) {
			int i = base + x;
			if (!dk[i]) {
				continue;
			}
			const uint8_t *p = wb + 3 * (intptr_t)i;
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
	// The row to go on from and the edge pixels listed, in one value (an
	// out-parameter would make the Go caller allocate).
	return (int64_t)y << 32 | nv;
}
