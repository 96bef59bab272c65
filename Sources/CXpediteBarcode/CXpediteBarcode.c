#include "CXpediteBarcode.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// ---- ZBar (zbar.h, libzbar.so.0): opaque handles, configuration by enum value.
typedef struct zbar_image_s zbar_image_t;
typedef struct zbar_image_scanner_s zbar_image_scanner_t;
typedef struct zbar_symbol_s zbar_symbol_t;
enum { XB_ZBAR_NONE = 0, XB_ZBAR_CFG_ENABLE = 0 };

// ---- TurboJPEG (turbojpeg.h, libturbojpeg.so.0).
typedef void *tjhandle;
enum { XB_TJPF_GRAY = 6, XB_TJERR_WARNING = 0 };

// ---- libpng's simplified read API (png.h, libpng16.so.16), PNG_IMAGE_VERSION 1.
typedef struct {
    void *opaque;
    uint32_t version;
    uint32_t width;
    uint32_t height;
    uint32_t format;
    uint32_t flags;
    uint32_t colormap_entries;
    uint32_t warning_or_error;
    char message[64];
} xb_png_image;
typedef struct { uint8_t red, green, blue; } xb_png_color;
enum { XB_PNG_IMAGE_VERSION = 1, XB_PNG_FORMAT_GRAY = 0 };

struct xb_libraries {
    void *zbar_handle, *jpeg_handle, *png_handle;

    zbar_image_t *(*zbar_image_create)(void);
    void (*zbar_image_destroy)(zbar_image_t *);
    void (*zbar_image_set_format)(zbar_image_t *, unsigned long);
    void (*zbar_image_set_size)(zbar_image_t *, unsigned, unsigned);
    void (*zbar_image_set_data)(zbar_image_t *, const void *, unsigned long, void (*)(zbar_image_t *));
    const zbar_symbol_t *(*zbar_image_first_symbol)(const zbar_image_t *);
    zbar_image_scanner_t *(*zbar_image_scanner_create)(void);
    void (*zbar_image_scanner_destroy)(zbar_image_scanner_t *);
    int (*zbar_image_scanner_set_config)(zbar_image_scanner_t *, int, int, int);
    int (*zbar_scan_image)(zbar_image_scanner_t *, zbar_image_t *);
    const zbar_symbol_t *(*zbar_symbol_next)(const zbar_symbol_t *);
    int (*zbar_symbol_get_type)(const zbar_symbol_t *);
    const char *(*zbar_symbol_get_data)(const zbar_symbol_t *);
    unsigned (*zbar_symbol_get_data_length)(const zbar_symbol_t *);
    const char *(*zbar_get_symbol_name)(int);

    tjhandle (*tjInitDecompress)(void);
    int (*tjDecompressHeader3)(tjhandle, const unsigned char *, unsigned long, int *, int *, int *, int *);
    int (*tjDecompress2)(tjhandle, const unsigned char *, unsigned long, unsigned char *, int, int, int, int, int);
    char *(*tjGetErrorStr2)(tjhandle);
    int (*tjGetErrorCode)(tjhandle);
    int (*tjDestroy)(tjhandle);

    int (*png_image_begin_read_from_memory)(xb_png_image *, const void *, size_t);
    int (*png_image_finish_read)(xb_png_image *, const xb_png_color *, void *, int32_t, void *);
    void (*png_image_free)(xb_png_image *);
};

static void xb_message(char *error, size_t size, const char *format, const char *a, const char *b) {
    if (error != NULL && size > 0) snprintf(error, size, format, a, b);
}

#define XB_SYMBOL(handle, name, library)                                                    \
    do {                                                                                    \
        *(void **)(&libraries->name) = dlsym(libraries->handle, #name);                     \
        if (libraries->name == NULL) {                                                      \
            xb_message(error, error_size, "%s has no function %s", library, #name);         \
            xb_close(libraries);                                                            \
            return NULL;                                                                    \
        }                                                                                   \
    } while (0)

static void *xb_dlopen(const char *file, char *error, size_t error_size) {
    void *handle = dlopen(file, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        const char *reason = dlerror();
        xb_message(error, error_size, "cannot load %s (%s)", file, reason != NULL ? reason : "not found");
    }
    return handle;
}

xb_libraries *xb_open(const char *zbar, const char *turbojpeg, const char *png, char *error, size_t error_size) {
    xb_libraries *libraries = calloc(1, sizeof(xb_libraries));
    if (libraries == NULL) {
        xb_message(error, error_size, "%s%s", "out of memory", "");
        return NULL;
    }
    if ((libraries->zbar_handle = xb_dlopen(zbar, error, error_size)) == NULL
        || (libraries->jpeg_handle = xb_dlopen(turbojpeg, error, error_size)) == NULL
        || (libraries->png_handle = xb_dlopen(png, error, error_size)) == NULL) {
        xb_close(libraries);
        return NULL;
    }
    XB_SYMBOL(zbar_handle, zbar_image_create, zbar);
    XB_SYMBOL(zbar_handle, zbar_image_destroy, zbar);
    XB_SYMBOL(zbar_handle, zbar_image_set_format, zbar);
    XB_SYMBOL(zbar_handle, zbar_image_set_size, zbar);
    XB_SYMBOL(zbar_handle, zbar_image_set_data, zbar);
    XB_SYMBOL(zbar_handle, zbar_image_first_symbol, zbar);
    XB_SYMBOL(zbar_handle, zbar_image_scanner_create, zbar);
    XB_SYMBOL(zbar_handle, zbar_image_scanner_destroy, zbar);
    XB_SYMBOL(zbar_handle, zbar_image_scanner_set_config, zbar);
    XB_SYMBOL(zbar_handle, zbar_scan_image, zbar);
    XB_SYMBOL(zbar_handle, zbar_symbol_next, zbar);
    XB_SYMBOL(zbar_handle, zbar_symbol_get_type, zbar);
    XB_SYMBOL(zbar_handle, zbar_symbol_get_data, zbar);
    XB_SYMBOL(zbar_handle, zbar_symbol_get_data_length, zbar);
    XB_SYMBOL(zbar_handle, zbar_get_symbol_name, zbar);
    XB_SYMBOL(jpeg_handle, tjInitDecompress, turbojpeg);
    XB_SYMBOL(jpeg_handle, tjDecompressHeader3, turbojpeg);
    XB_SYMBOL(jpeg_handle, tjDecompress2, turbojpeg);
    XB_SYMBOL(jpeg_handle, tjGetErrorStr2, turbojpeg);
    XB_SYMBOL(jpeg_handle, tjGetErrorCode, turbojpeg);
    XB_SYMBOL(jpeg_handle, tjDestroy, turbojpeg);
    XB_SYMBOL(png_handle, png_image_begin_read_from_memory, png);
    XB_SYMBOL(png_handle, png_image_finish_read, png);
    XB_SYMBOL(png_handle, png_image_free, png);
    return libraries;
}

void xb_close(xb_libraries *libraries) {
    if (libraries == NULL) return;
    if (libraries->zbar_handle != NULL) dlclose(libraries->zbar_handle);
    if (libraries->jpeg_handle != NULL) dlclose(libraries->jpeg_handle);
    if (libraries->png_handle != NULL) dlclose(libraries->png_handle);
    free(libraries);
}

static int xb_check_size(uint64_t width, uint64_t height, uint64_t max_pixels, char *error, size_t error_size) {
    if (width == 0 || height == 0 || width * height > max_pixels) {
        char size[64];
        snprintf(size, sizeof size, "%llux%llu", (unsigned long long)width, (unsigned long long)height);
        xb_message(error, error_size, "the image is %s pixels, more than the server decodes%s", size, "");
        return -1;
    }
    return 0;
}

int xb_decode_jpeg(const xb_libraries *libraries, const uint8_t *bytes, size_t length, uint64_t max_pixels,
                   xb_gray_image *out, char *error, size_t error_size) {
    tjhandle decoder = libraries->tjInitDecompress();
    if (decoder == NULL) {
        xb_message(error, error_size, "%s%s", "the JPEG decoder could not start", "");
        return -1;
    }
    int width = 0, height = 0, subsampling = 0, colorspace = 0;
    if (libraries->tjDecompressHeader3(decoder, bytes, length, &width, &height, &subsampling, &colorspace) != 0) {
        xb_message(error, error_size, "not a readable JPEG: %s%s", libraries->tjGetErrorStr2(decoder), "");
        libraries->tjDestroy(decoder);
        return -1;
    }
    if (width <= 0 || height <= 0 || xb_check_size((uint64_t)width, (uint64_t)height, max_pixels, error, error_size) != 0) {
        if (width <= 0 || height <= 0) xb_message(error, error_size, "%s%s", "not a readable JPEG: no size", "");
        libraries->tjDestroy(decoder);
        return -1;
    }
    uint8_t *pixels = malloc((size_t)width * (size_t)height);
    if (pixels == NULL) {
        xb_message(error, error_size, "%s%s", "out of memory", "");
        libraries->tjDestroy(decoder);
        return -1;
    }
    if (libraries->tjDecompress2(decoder, bytes, length, pixels, width, width, height, XB_TJPF_GRAY, 0) != 0
        && libraries->tjGetErrorCode(decoder) != XB_TJERR_WARNING) {
        xb_message(error, error_size, "not a readable JPEG: %s%s", libraries->tjGetErrorStr2(decoder), "");
        free(pixels);
        libraries->tjDestroy(decoder);
        return -1;
    }
    libraries->tjDestroy(decoder);
    out->pixels = pixels;
    out->width = (uint32_t)width;
    out->height = (uint32_t)height;
    return 0;
}

int xb_decode_png(const xb_libraries *libraries, const uint8_t *bytes, size_t length, uint64_t max_pixels,
                  xb_gray_image *out, char *error, size_t error_size) {
    xb_png_image image;
    memset(&image, 0, sizeof image);
    image.version = XB_PNG_IMAGE_VERSION;
    if (!libraries->png_image_begin_read_from_memory(&image, bytes, length)) {
        xb_message(error, error_size, "not a readable PNG: %s%s", image.message, "");
        libraries->png_image_free(&image);
        return -1;
    }
    if (xb_check_size(image.width, image.height, max_pixels, error, error_size) != 0) {
        libraries->png_image_free(&image);
        return -1;
    }
    image.format = XB_PNG_FORMAT_GRAY;
    uint8_t *pixels = malloc((size_t)image.width * (size_t)image.height);
    if (pixels == NULL) {
        xb_message(error, error_size, "%s%s", "out of memory", "");
        libraries->png_image_free(&image);
        return -1;
    }
    const xb_png_color white = {255, 255, 255};
    if (!libraries->png_image_finish_read(&image, &white, pixels, (int32_t)image.width, NULL)) {
        xb_message(error, error_size, "not a readable PNG: %s%s", image.message, "");
        free(pixels);
        libraries->png_image_free(&image);
        return -1;
    }
    out->pixels = pixels;
    out->width = image.width;
    out->height = image.height;
    libraries->png_image_free(&image);
    return 0;
}

void xb_gray_image_free(xb_gray_image *image) {
    if (image == NULL) return;
    free(image->pixels);
    image->pixels = NULL;
}

long xb_scan(const xb_libraries *libraries, const xb_gray_image *gray, xb_symbol **symbols,
             char *error, size_t error_size) {
    *symbols = NULL;
    zbar_image_scanner_t *scanner = libraries->zbar_image_scanner_create();
    zbar_image_t *image = libraries->zbar_image_create();
    if (scanner == NULL || image == NULL) {
        if (scanner != NULL) libraries->zbar_image_scanner_destroy(scanner);
        if (image != NULL) libraries->zbar_image_destroy(image);
        xb_message(error, error_size, "%s%s", "ZBar could not start", "");
        return -1;
    }
    libraries->zbar_image_scanner_set_config(scanner, XB_ZBAR_NONE, XB_ZBAR_CFG_ENABLE, 1);
    libraries->zbar_image_set_format(image, (unsigned long)'Y' | ((unsigned long)'8' << 8) | ((unsigned long)'0' << 16)
                                                | ((unsigned long)'0' << 24));
    libraries->zbar_image_set_size(image, gray->width, gray->height);
    // The pixels stay ours: no cleanup handler, the image is destroyed before they are freed.
    libraries->zbar_image_set_data(image, gray->pixels, (unsigned long)gray->width * gray->height, NULL);
    int found = libraries->zbar_scan_image(scanner, image);
    if (found < 0) {
        libraries->zbar_image_destroy(image);
        libraries->zbar_image_scanner_destroy(scanner);
        xb_message(error, error_size, "%s%s", "ZBar could not scan the image", "");
        return -1;
    }
    long count = 0;
    for (const zbar_symbol_t *symbol = libraries->zbar_image_first_symbol(image); symbol != NULL;
         symbol = libraries->zbar_symbol_next(symbol)) count++;
    xb_symbol *list = count > 0 ? calloc((size_t)count, sizeof(xb_symbol)) : NULL;
    if (count > 0 && list == NULL) {
        libraries->zbar_image_destroy(image);
        libraries->zbar_image_scanner_destroy(scanner);
        xb_message(error, error_size, "%s%s", "out of memory", "");
        return -1;
    }
    long index = 0;
    for (const zbar_symbol_t *symbol = libraries->zbar_image_first_symbol(image); symbol != NULL && index < count;
         symbol = libraries->zbar_symbol_next(symbol), index++) {
        const char *name = libraries->zbar_get_symbol_name(libraries->zbar_symbol_get_type(symbol));
        size_t length = libraries->zbar_symbol_get_data_length(symbol);
        const char *data = libraries->zbar_symbol_get_data(symbol);
        list[index].format = strdup(name != NULL ? name : "UNKNOWN");
        list[index].data = malloc(length + 1);
        if (list[index].data != NULL) {
            if (length > 0 && data != NULL) memcpy(list[index].data, data, length);
            list[index].data[length] = 0;
            list[index].data_length = length;
        }
        if (list[index].format == NULL || list[index].data == NULL) {
            xb_symbols_free(list, count);
            libraries->zbar_image_destroy(image);
            libraries->zbar_image_scanner_destroy(scanner);
            xb_message(error, error_size, "%s%s", "out of memory", "");
            return -1;
        }
    }
    libraries->zbar_image_destroy(image);
    libraries->zbar_image_scanner_destroy(scanner);
    *symbols = list;
    return count;
}

void xb_symbols_free(xb_symbol *symbols, long count) {
    if (symbols == NULL) return;
    for (long index = 0; index < count; index++) {
        free(symbols[index].format);
        free(symbols[index].data);
    }
    free(symbols);
}
