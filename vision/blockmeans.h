#include <stdint.h>

void cueref_vision_block_means(const uint8_t *src, int w, int h, uint8_t *dst);
