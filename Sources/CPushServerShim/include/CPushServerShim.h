#pragma once
// What Swift cannot call directly: OpenSSL 3.0's function-like macros and variadic functions,
// and the Linux calls the Glibc module does not export (epoll, pipe2, accept4). Each wrapper is
// one call; the logic stays in Swift (PushServer).
#include <stddef.h>
#include <sys/epoll.h>

#include <openssl/bio.h>
#include <openssl/evp.h>
#include <openssl/ssl.h>

/// Opens OpenSSL 3 (`libssl.so.3`) and nghttp2 (`libnghttp2.so.14`), which pushc does not
/// link, and points the functions of theirs that pushc calls at them (see CPushServerShim.c):
/// 1 when every one was found, the first time or before, else 0 with the reason, cut to
/// `capacity` bytes, in `reason`. No function of either library may be called until it
/// returns 1. Safe to call from any thread, any number of times.
int pushc_server_libraries_load(char *reason, size_t capacity);

/// `SSL_CTX_set_min_proto_version(ctx, TLS1_2_VERSION)`; 1 on success.
int pushc_ssl_ctx_require_tls12(SSL_CTX *ctx);

/// `BIO_get_mem_data`: the bytes of a memory BIO and their count.
long pushc_bio_mem_data(BIO *bio, char **data);

/// `EVP_EC_gen("P-256")`: a new P-256 key, or NULL.
EVP_PKEY *pushc_generate_p256_key(void);

/// `EVP_RSA_gen(bits)`: a new RSA key (exponent 65537), or NULL.
EVP_PKEY *pushc_generate_rsa_key(unsigned int bits);

/// Installs the ALPN selection APNs uses: `h2` when offered, else `http/1.1`, else no ALPN
/// (the connection continues, as Apple's does for clients that offer none).
void pushc_ssl_ctx_select_h2_alpn(SSL_CTX *ctx);

/// `pipe2(fds, O_NONBLOCK | O_CLOEXEC)`.
int pushc_pipe_nonblocking(int fds[2]);

/// `accept4(fd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC)`.
int pushc_accept_nonblocking(int fd);
