#ifdef __cplusplus
extern "C" {
#endif
void cueref_vision_set_num_threads(int n);
#ifdef __cplusplus
}
#endif
