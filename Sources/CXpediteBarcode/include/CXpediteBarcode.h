// The barcode libraries of the system (ZBar, TurboJPEG, libpng), loaded at run time with dlopen.
//
// Nothing here needs a -dev package at build time: the few functions used are declared in
// CXpediteBarcode.c from the libraries' stable ABIs (libzbar.so.0, libturbojpeg.so.0,
// libpng16.so.16), so the project builds everywhere and a server without the libraries answers
// "not available" instead of failing to build or start (docs/decisions/0180-barcodes-are-read-by-the-systems-zbar-loaded.md).
#ifndef CXPEDITE_BARCODE_H
#define CXPEDITE_BARCODE_H

#include <stddef.h>
#include <stdint.h>

/// The loaded libraries: function pointers resolved with dlsym. Immutable once opened, usable
/// from any thread (every call below makes its own decoder and scanner).
typedef struct xb_libraries xb_libraries;

/// A decoded image: 8-bit grey pixels, `width` × `height`, row by row (ZBar's Y800).
typedef struct {
    uint8_t *pixels;
    uint32_t width;
    uint32_t height;
} xb_gray_image;

/// One symbol ZBar found: its symbology's name ("QR-Code", "EAN-13", …) and its data.
typedef struct {
    char *format;
    char *data;
    size_t data_length;
} xb_symbol;

/// Opens the three libraries by file name (dlopen's search). NULL when one is missing or lacks a
/// function; `error` then says which (at most `error_size` bytes, NUL-terminated).
xb_libraries *xb_open(const char *zbar, const char *turbojpeg, const char *png, char *error, size_t error_size);

/// Closes what `xb_open` opened.
void xb_close(xb_libraries *libraries);

/// Decodes a JPEG (TurboJPEG) or PNG (libpng's simplified API) into grey pixels, white behind
/// transparency. Returns 0 and fills `out` (free it with `xb_gray_image_free`), or -1 with a
/// message in `error`; an image of more than `max_pixels` pixels is refused before decoding.
int xb_decode_jpeg(const xb_libraries *libraries, const uint8_t *bytes, size_t length, uint64_t max_pixels,
                   xb_gray_image *out, char *error, size_t error_size);
int xb_decode_png(const xb_libraries *libraries, const uint8_t *bytes, size_t length, uint64_t max_pixels,
                  xb_gray_image *out, char *error, size_t error_size);

/// Frees the pixels of a decoded image.
void xb_gray_image_free(xb_gray_image *image);

/// Scans grey pixels with ZBar, every symbology enabled. Returns the number of symbols (0 when
/// none; `*symbols` then NULL) or -1 with a message in `error`. Free with `xb_symbols_free`.
long xb_scan(const xb_libraries *libraries, const xb_gray_image *image, xb_symbol **symbols,
             char *error, size_t error_size);

/// Frees what `xb_scan` returned.
void xb_symbols_free(xb_symbol *symbols, long count);

#endif
