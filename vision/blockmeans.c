#include "blockmeans.h"

// See blockMeans (blockmeans.go). A row of blocks is summed first column
// by column (eight rows of bytes into 16-bit sums, which the compiler does
// 16 or 32 bytes a step), then each block's eight columns per channel.
void cueref_vision_block_means(const uint8_t *src, int w, int h, uint8_t *dst)
{
	int n = 3 * w, sw = w / 8;
	// A row's column sums: a view's row is a few thousand bytes at most
	// (the view is a frame's region, reduced).
	uint16_t acc[n];
	for (int by = 0; by < h / 8; by++) {
		const uint8_t *rows = src + (intptr_t)8 * by * n;
		for (int x = 0; x < n; x++) {
			acc[x] = rows[x];
		}
		for (int r = 1; r < 8; r++) {
			const uint8_t *row = rows + (intptr_t)r * n;
			for (int x = 0; x < n; x++) {
				acc[x] += row[x];
			}
		}
		uint8_t *out = dst + (intptr_t)3 * sw * by;
		for (int bx = 0; bx < sw; bx++) {
			const uint16_t *a = acc + 24 * bx;
			for (int c = 0; c < 3; c++) {
				uint32_t s = (uint32_t)a[c] + a[c + 3] + a[c + 6] + a[c + 9] + a[c + 12] + a[c + 15] + a[c + 18] + a[c + 21];
				// s/64 rounded half to even, as cvRound of s·(1/64).
				uint32_t q = s >> 6, rem = s & 63;
				q += rem > 32 || (rem == 32 && (q & 1));
				out[3 * bx + c] = (uint8_t)q;
			}
		}
	}
}
