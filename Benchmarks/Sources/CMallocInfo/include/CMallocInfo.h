#ifndef C_MALLOC_INFO_H
#define C_MALLOC_INFO_H

#include <stddef.h>

/// Bytes in chunks that glibc's malloc has handed out and not taken back (mallinfo2's uordblks
/// plus its mmapped chunks), or 0 where mallinfo2 is not available.
size_t c_malloc_bytes_in_use(void);

#endif
