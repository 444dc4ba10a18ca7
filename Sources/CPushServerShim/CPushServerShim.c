#define _GNU_SOURCE
#include "CPushServerShim.h"

#include <dlfcn.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
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

// MARK: - Loading OpenSSL and nghttp2
//
// The server's C libraries, OpenSSL 3 and nghttp2, opened when a server is made rather than
// when pushc starts.
//
// pushc links neither library. Each function of theirs that pushc calls is defined here as a
// trampoline with the function's own name, one indirect jump through a pointer of its own;
// `pushc_server_libraries_load` opens the libraries and points every trampoline at its
// function. Until then the pointers lead to `pushc_server_libraries_unloaded`, which stops the
// process: a call before loading is a bug. The trampolines are hidden, so that the libraries,
// once opened, bind to each other and never to them.
//
// Linking the libraries cost every run of pushc, `lint` or `compile` as much as `serve`, their
// loading: about 150 page faults and 1.4 ms of a one-file `lint`'s 4 ms. It also kept pushc
// from starting at all where libssl or libnghttp2 is not installed.
//
// A function pushc calls that is missing from the lists below is an undefined reference when
// pushc links: add its name to its library's list.
//
// (In this file rather than a second one: valgrind 3.19, which Benchmarks/run.sh callgrind
// runs, gives up on a binary with two DWARF 5 compilation units of C.)

// The functions of libssl and libcrypto that pushc calls (`SSL_CTX_ctrl`, `BIO_ctrl`,
// `EVP_PKEY_Q_keygen` and `CRYPTO_free` through the macros that stand for them).
#define PUSHC_OPENSSL_FUNCTIONS(X)                                                              \
  X(ASN1_INTEGER_set)                                                                           \
  X(ASN1_OBJECT_free)                                                                           \
  X(ASN1_STRING_get0_data)                                                                      \
  X(ASN1_STRING_length)                                                                         \
  X(BIO_ctrl)                                                                                   \
  X(BIO_ctrl_pending)                                                                           \
  X(BIO_free)                                                                                   \
  X(BIO_new)                                                                                    \
  X(BIO_new_file)                                                                               \
  X(BIO_read)                                                                                   \
  X(BIO_s_mem)                                                                                  \
  X(BIO_write)                                                                                  \
  X(BN_bin2bn)                                                                                  \
  X(BN_bn2binpad)                                                                               \
  X(BN_free)                                                                                    \
  X(CRYPTO_free)                                                                                \
  X(ECDSA_SIG_free)                                                                             \
  X(ECDSA_SIG_get0)                                                                             \
  X(ECDSA_SIG_new)                                                                              \
  X(ECDSA_SIG_set0)                                                                             \
  X(ERR_clear_error)                                                                            \
  X(ERR_error_string_n)                                                                         \
  X(ERR_get_error)                                                                              \
  X(EVP_DigestSign)                                                                             \
  X(EVP_DigestSignInit)                                                                         \
  X(EVP_DigestVerify)                                                                           \
  X(EVP_DigestVerifyInit)                                                                       \
  X(EVP_MD_CTX_free)                                                                            \
  X(EVP_MD_CTX_new)                                                                             \
  X(EVP_PKEY_Q_keygen)                                                                          \
  X(EVP_PKEY_free)                                                                              \
  X(EVP_PKEY_get_base_id)                                                                       \
  X(EVP_PKEY_get_bits)                                                                          \
  X(EVP_sha256)                                                                                 \
  X(OBJ_txt2obj)                                                                                \
  X(PEM_read_bio_PrivateKey)                                                                    \
  X(PEM_write_bio_PrivateKey)                                                                   \
  X(PEM_write_bio_X509)                                                                         \
  X(SSL_CTX_check_private_key)                                                                  \
  X(SSL_CTX_ctrl)                                                                               \
  X(SSL_CTX_free)                                                                               \
  X(SSL_CTX_load_verify_locations)                                                              \
  X(SSL_CTX_new)                                                                                \
  X(SSL_CTX_set_alpn_select_cb)                                                                 \
  X(SSL_CTX_set_client_CA_list)                                                                 \
  X(SSL_CTX_set_verify)                                                                         \
  X(SSL_CTX_use_PrivateKey)                                                                     \
  X(SSL_CTX_use_PrivateKey_file)                                                                \
  X(SSL_CTX_use_certificate)                                                                    \
  X(SSL_CTX_use_certificate_chain_file)                                                         \
  X(SSL_do_handshake)                                                                           \
  X(SSL_free)                                                                                   \
  X(SSL_get0_alpn_selected)                                                                     \
  X(SSL_get1_peer_certificate)                                                                  \
  X(SSL_get_error)                                                                              \
  X(SSL_get_servername)                                                                         \
  X(SSL_get_verify_result)                                                                      \
  X(SSL_load_client_CA_file)                                                                    \
  X(SSL_new)                                                                                    \
  X(SSL_read)                                                                                   \
  X(SSL_set_accept_state)                                                                       \
  X(SSL_set_bio)                                                                                \
  X(SSL_write)                                                                                  \
  X(TLS_server_method)                                                                          \
  X(X509V3_EXT_conf_nid)                                                                        \
  X(X509V3_set_ctx)                                                                             \
  X(X509_EXTENSION_free)                                                                        \
  X(X509_EXTENSION_get_data)                                                                    \
  X(X509_NAME_ENTRY_get_data)                                                                   \
  X(X509_NAME_add_entry_by_txt)                                                                 \
  X(X509_NAME_get_entry)                                                                        \
  X(X509_NAME_get_index_by_NID)                                                                 \
  X(X509_add_ext)                                                                               \
  X(X509_free)                                                                                  \
  X(X509_get_ext)                                                                               \
  X(X509_get_ext_by_OBJ)                                                                        \
  X(X509_get_serialNumber)                                                                      \
  X(X509_get_subject_name)                                                                      \
  X(X509_getm_notAfter)                                                                         \
  X(X509_getm_notBefore)                                                                        \
  X(X509_gmtime_adj)                                                                            \
  X(X509_new)                                                                                   \
  X(X509_set_issuer_name)                                                                       \
  X(X509_set_pubkey)                                                                            \
  X(X509_set_version)                                                                           \
  X(X509_sign)                                                                                  \
  X(d2i_ECDSA_SIG)                                                                              \
  X(i2d_ECDSA_SIG)

// The functions of libnghttp2 that pushc calls.
#define PUSHC_NGHTTP2_FUNCTIONS(X)                                                              \
  X(nghttp2_session_callbacks_del)                                                              \
  X(nghttp2_session_callbacks_new)                                                              \
  X(nghttp2_session_callbacks_set_on_begin_headers_callback)                                    \
  X(nghttp2_session_callbacks_set_on_data_chunk_recv_callback)                                  \
  X(nghttp2_session_callbacks_set_on_frame_recv_callback)                                       \
  X(nghttp2_session_callbacks_set_on_header_callback)                                           \
  X(nghttp2_session_callbacks_set_on_stream_close_callback)                                     \
  X(nghttp2_session_del)                                                                        \
  X(nghttp2_session_get_last_proc_stream_id)                                                    \
  X(nghttp2_session_mem_recv)                                                                   \
  X(nghttp2_session_mem_send)                                                                   \
  X(nghttp2_session_server_new)                                                                 \
  X(nghttp2_session_want_read)                                                                  \
  X(nghttp2_session_want_write)                                                                 \
  X(nghttp2_submit_goaway)                                                                      \
  X(nghttp2_submit_response)                                                                    \
  X(nghttp2_submit_rst_stream)                                                                  \
  X(nghttp2_submit_settings)

// The libraries, by the names their packages install (Debian: libssl3, libnghttp2-14); the
// major version is the ABI pushc was compiled against.
static const char *const pushc_openssl_library = "libssl.so.3";
static const char *const pushc_nghttp2_library = "libnghttp2.so.14";

// Where every trampoline leads until the libraries are loaded.
__attribute__((visibility("hidden"), noreturn)) void pushc_server_libraries_unloaded(void) {
  static const char message[] =
      "pushc: internal error: an OpenSSL or nghttp2 function was called before "
      "pushc_server_libraries_load\n";
  (void)!write(STDERR_FILENO, message, sizeof message - 1);
  abort();
}

// One trampoline: the function `name`, which jumps to where `pushc_server_function_<name>`
// points. A jump, not a call, keeps the arguments, the return address and, for variadic
// functions such as `EVP_PKEY_Q_keygen`, the register count of vector arguments as the caller
// left them.
#if defined(__linux__) && defined(__x86_64__)
#define PUSHC_TRAMPOLINE_CODE(name)                                                             \
  __asm__(".text\n"                                                                             \
          ".globl " #name "\n"                                                                  \
          ".hidden " #name "\n"                                                                 \
          ".type " #name ", @function\n"                                                        \
          ".p2align 4\n" #name ":\n"                                                            \
          "  jmp *pushc_server_function_" #name "(%rip)\n"                                      \
          ".size " #name ", . - " #name "\n");
#elif defined(__linux__) && defined(__aarch64__)
#define PUSHC_TRAMPOLINE_CODE(name)                                                             \
  __asm__(".text\n"                                                                             \
          ".globl " #name "\n"                                                                  \
          ".hidden " #name "\n"                                                                 \
          ".type " #name ", %function\n"                                                        \
          ".p2align 2\n" #name ":\n"                                                            \
          "  adrp x16, pushc_server_function_" #name "\n"                                       \
          "  ldr x16, [x16, :lo12:pushc_server_function_" #name "]\n"                           \
          "  br x16\n"                                                                          \
          ".size " #name ", . - " #name "\n");
#else
#error "pushc opens OpenSSL and nghttp2 through trampolines written for Linux on x86-64 and AArch64"
#endif

#define PUSHC_TRAMPOLINE(name)                                                                  \
  __attribute__((visibility("hidden"))) void *pushc_server_function_##name =                    \
      (void *)pushc_server_libraries_unloaded;                                                  \
  PUSHC_TRAMPOLINE_CODE(name)

PUSHC_OPENSSL_FUNCTIONS(PUSHC_TRAMPOLINE)
PUSHC_NGHTTP2_FUNCTIONS(PUSHC_TRAMPOLINE)

// What loading found: 1 once every trampoline leads to its function, else 0 and why.
static int pushc_server_libraries_loaded = 0;
static char pushc_server_libraries_error[512];
static pthread_once_t pushc_server_libraries_once = PTHREAD_ONCE_INIT;

// The address of `name` in `library`, or NULL with the reason in the error.
static void *pushc_server_function(void *library, const char *libraryName, const char *name) {
  dlerror();
  void *address = dlsym(library, name);
  if (address == NULL) {
    const char *reason = dlerror();
    snprintf(pushc_server_libraries_error, sizeof pushc_server_libraries_error,
             "%s has no function %s%s%s", libraryName, name, reason ? ": " : "",
             reason ? reason : "");
  }
  return address;
}

// Opens `name`, or returns NULL with the reason in the error.
static void *pushc_server_library(const char *name) {
  void *library = dlopen(name, RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) {
    const char *reason = dlerror();
    snprintf(pushc_server_libraries_error, sizeof pushc_server_libraries_error,
             "cannot open %s%s%s", name, reason ? ": " : "", reason ? reason : "");
  }
  return library;
}

// Every address is found before any trampoline is pointed at one: a library that lacks a
// function leaves them all unloaded.
static void pushc_server_libraries_open(void) {
  void *openssl = pushc_server_library(pushc_openssl_library);
  if (openssl == NULL) return;
  void *nghttp2 = pushc_server_library(pushc_nghttp2_library);
  if (nghttp2 == NULL) return;
#define PUSHC_FIND(library, name)                                                               \
  void *found_##name = pushc_server_function(library, pushc_##library##_library, #name);        \
  if (found_##name == NULL) return;
#define PUSHC_FIND_OPENSSL(name) PUSHC_FIND(openssl, name)
#define PUSHC_FIND_NGHTTP2(name) PUSHC_FIND(nghttp2, name)
  PUSHC_OPENSSL_FUNCTIONS(PUSHC_FIND_OPENSSL)
  PUSHC_NGHTTP2_FUNCTIONS(PUSHC_FIND_NGHTTP2)
#define PUSHC_POINT(name) pushc_server_function_##name = found_##name;
  PUSHC_OPENSSL_FUNCTIONS(PUSHC_POINT)
  PUSHC_NGHTTP2_FUNCTIONS(PUSHC_POINT)
  pushc_server_libraries_loaded = 1;
}

int pushc_server_libraries_load(char *reason, size_t capacity) {
  pthread_once(&pushc_server_libraries_once, pushc_server_libraries_open);
  if (!pushc_server_libraries_loaded && reason != NULL && capacity > 0) {
    snprintf(reason, capacity, "%s", pushc_server_libraries_error);
  }
  return pushc_server_libraries_loaded;
}
