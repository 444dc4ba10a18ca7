#define _GNU_SOURCE
#include "CPushServerShim.h"

#include <fcntl.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

int pushc_ssl_ctx_require_tls12(SSL_CTX *ctx) {
  return (int)SSL_CTX_set_min_proto_version(ctx, TLS1_2_VERSION);
}

long pushc_bio_mem_data(BIO *bio, char **data) { return BIO_get_mem_data(bio, data); }

EVP_PKEY *pushc_generate_p256_key(void) { return EVP_EC_gen("P-256"); }

EVP_PKEY *pushc_generate_rsa_key(unsigned int bits) { return EVP_RSA_gen(bits); }

/// Finds `protocol` (length-prefixed, as on the wire) in the client's ALPN list.
static int pushc_find_protocol(const unsigned char *in, unsigned int inlen, const char *protocol,
                               const unsigned char **out, unsigned char *outlen) {
  size_t wanted = strlen(protocol);
  unsigned int index = 0;
  while (index < inlen) {
    unsigned int length = in[index];
    if (index + 1 + length > inlen) return 0;
    if (length == wanted && memcmp(in + index + 1, protocol, wanted) == 0) {
      *out = in + index + 1;
      *outlen = (unsigned char)length;
      return 1;
    }
    index += 1 + length;
  }
  return 0;
}

static int pushc_alpn_select(SSL *ssl, const unsigned char **out, unsigned char *outlen,
                             const unsigned char *in, unsigned int inlen, void *arg) {
  (void)ssl;
  (void)arg;
  if (pushc_find_protocol(in, inlen, "h2", out, outlen)) return SSL_TLSEXT_ERR_OK;
  if (pushc_find_protocol(in, inlen, "http/1.1", out, outlen)) return SSL_TLSEXT_ERR_OK;
  return SSL_TLSEXT_ERR_NOACK;
}

void pushc_ssl_ctx_select_h2_alpn(SSL_CTX *ctx) {
  SSL_CTX_set_alpn_select_cb(ctx, pushc_alpn_select, NULL);
}

int pushc_pipe_nonblocking(int fds[2]) { return pipe2(fds, O_NONBLOCK | O_CLOEXEC); }

int pushc_accept_nonblocking(int fd) {
  return accept4(fd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
}
