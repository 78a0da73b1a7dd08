// spawn-helper: starts the service's native tools on behalf of the Node server
// (src/tools/run.ts, protocol in src/tools/spawner.ts). fork() in a
// 100+ MB Node process copies its page tables and stops the event loop for
// ~5 ms per child; this process is ~1 MB, so its fork costs microseconds and
// the server only writes a request to a pipe.
//
// Per child: its own session/process group (setsid), cwd, the exact
// environment given, RLIMIT_AS / RLIMIT_CPU, a cap on resident
// memory ("Resident-memory watchdog" below), stdin from the request
// bytes or /dev/null, stdout relayed (up to a byte limit) or /dev/null, stderr
// relayed. On exit the whole group is killed (grandchildren go too), the
// pipes are drained, and the exit status with the CPU time used is reported.
// It is a child subreaper, so orphaned grandchildren are reaped here (PID 1
// of a container may not reap). EOF on stdin (the server is gone) kills every
// group and exits; the helper runs in its own session so that a SIGKILL of
// the server's process group does not take it first, and every child has
// SIGKILL as its parent-death signal in case the helper itself is killed.
// Each child is isolated from the others where the host allows it (PID and
// mount namespaces, a private /proc, no capabilities, a view of the work
// root holding only its own directory: see "Isolation" below).
//
// Frames both ways: u32 length (of what follows, little-endian), u8 type,
// u32 id, payload. Requests: 'S' spawn, 'K' kill group of id, 'A' kill all,
// 'R' remove a directory tree (a forked child does it: the server's main
// thread would otherwise pay a thread-pool round trip per lstat/unlink/rmdir).
// 'W' write small files (a request's uploads), 'G' read a small file (its
// result): done here, at once — each is a few syscalls on the page cache,
// where the server would pay a thread-pool round trip per open, write, stat,
// read and close, and those threads took the cores from its event loop.
// 'C' configure (the work root, isolation on/off, niceness; see configure()).
// Replies: 'P' started (i32 pid), 'F' failed to start (i32 errno),
// 'O' stdout bytes, 'E' stderr bytes, 'X' exit (i32 status, u64 cpu µs,
// u8 stdout over its limit), 'D' a file read (u64 size, then its bytes when
// it was not over the limit asked), 'I' (id 0, at start-up and after each
// 'C') the isolation in force as text: "namespaces", "landlock" or
// "none: <why>" (see probe_isolation()).
//
// qpdf in-process (built with -DWITH_QPDF when libqpdf's headers are present):
// most of a small qpdf run is its start-up — loading and relocating libqpdf,
// libstdc++, gnutls and p11-kit (`qpdf --version` is ~75% of a 1-page merge).
// This helper links the same libqpdf once, and a child asked to run `qpdf`
// calls qpdfjob_run_from_argv() — what qpdf's own main() calls — instead of
// exec'ing it: same arguments, argfiles, exit codes and messages, with the
// session, rlimits, deadline and group kill exactly as for any other child.
// Used only when the `qpdf` on PATH reports the library's own version (checked
// once at start-up) and SPAWN_HELPER_QPDF is not "exec".
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <sched.h>
#include <linux/capability.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/syscall.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/signalfd.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <dirent.h>
#include <ftw.h>
#include <unistd.h>
#ifdef WITH_QPDF
#include <qpdf/qpdf-c.h>
#include <qpdf/qpdfjob-c.h>
#endif

#define MAX_CHILDREN 1024
#define READ_CHUNK 65536

enum { F_STDIN = 1, F_STDOUT = 2 };

typedef struct {
  int used;
  uint32_t id;
  pid_t pid;
  int out, err, in;     // -1 when closed
  char *input;          // bytes still to write to stdin
  size_t input_len, input_off;
  uint64_t rss_cap;     // resident bytes its tree may hold (0: not watched)
  uint64_t rss_peak;    // the largest sum sampled
  int64_t next_sample;  // CLOCK_MONOTONIC ms of its next sample
  int over_memory;      // killed by the watchdog
  uint64_t max_stdout, stdout_bytes;
  int overflow;
  int remover;          // an 'R' child: not a process group leader
  pid_t init;           // PID 1 of its namespace (isolated), killed when it ends
} Child;

static Child children[MAX_CHILDREN];
static int qpdf_in_process;  // set at start-up by check_qpdf()
static int child_nice;       // SPAWN_HELPER_NICE (TOOL_NICE): tools yield the CPU to the server
static char *inbuf;
static size_t inlen, incap;

static void kill_all(void);
static void watch_start(Child *c, uint64_t rss_cap);

static void die(const char *what) {
  perror(what);
  exit(70);
}

static void write_all(int fd, const void *data, size_t len) {
  const char *p = data;
  while (len > 0) {
    ssize_t n = write(fd, p, len);
    if (n < 0) {
      if (errno == EINTR) continue;
      if (errno == EAGAIN) {
        struct pollfd w = {fd, POLLOUT, 0};
        poll(&w, 1, -1);
        continue;
      }
      kill_all();  // the server is gone: nothing may outlive it
      exit(0);
    }
    p += n;
    len -= (size_t)n;
  }
}

static void reply(char type, uint32_t id, const void *payload, uint32_t len) {
  char head[9];
  uint32_t total = 5 + len;
  memcpy(head, &total, 4);
  head[4] = type;
  memcpy(head + 5, &id, 4);
  if (len > 0 && len <= 4096) {
    char frame[9 + 4096];
    memcpy(frame, head, 9);
    memcpy(frame + 9, payload, len);
    write_all(1, frame, 9 + len);
  } else {
    write_all(1, head, 9);
    if (len) write_all(1, payload, len);
  }
}

static void set_nonblock(int fd) { fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK); }

static void close_fd(int *fd) {
  if (*fd >= 0) close(*fd);
  *fd = -1;
}

static Child *find_id(uint32_t id) {
  for (int i = 0; i < MAX_CHILDREN; i++)
    if (children[i].used && children[i].id == id) return &children[i];
  return NULL;
}

static Child *find_pid(pid_t pid) {
  for (int i = 0; i < MAX_CHILDREN; i++)
    if (children[i].used && children[i].pid == pid) return &children[i];
  return NULL;
}

// Reads what `fd` has now; relays it. Returns 0 at EOF or error (fd closed).
static int relay(Child *c, int *fd, char type) {
  char buf[READ_CHUNK];
  for (;;) {
    ssize_t n = read(*fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && errno == EAGAIN) return 1;
    if (n <= 0) {
      close_fd(fd);
      return 0;
    }
    if (type == 'O' && c->max_stdout) {
      uint64_t room = c->max_stdout > c->stdout_bytes ? c->max_stdout - c->stdout_bytes : 0;
      if ((uint64_t)n > room) {
        // Over the caller's limit: stop the tool (as execa's maxBuffer did).
        c->overflow = 1;
        if (room) reply('O', c->id, buf, (uint32_t)room);
        c->stdout_bytes += room;
        kill(-c->pid, SIGKILL);
        close_fd(fd);
        return 0;
      }
      c->stdout_bytes += (uint64_t)n;
    }
    reply(type, c->id, buf, (uint32_t)n);
  }
}

static void feed_stdin(Child *c) {
  while (c->in >= 0 && c->input_off < c->input_len) {
    ssize_t n = write(c->in, c->input + c->input_off, c->input_len - c->input_off);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && errno == EAGAIN) return;
    if (n < 0) break;  // EPIPE: the tool does not read its input
    c->input_off += (size_t)n;
  }
  close_fd(&c->in);
  free(c->input);
  c->input = NULL;
}


// ---- Isolation: a tool cannot see another tool (docs/operations/isolation.md) ----
// Every child of the helper starts as PID 1 of its own PID namespace, in its
// own mount namespace with a private /proc (it sees its own processes only:
// no /proc/<pid>/cwd, cmdline or fd of another request's tool), without any
// capability (so it cannot undo that: no mount, no ptrace, no DAC override),
// and — when its cwd is a request's work directory — with the work root
// replaced by a view holding that one directory (another request's files
// cannot be found or opened by path). Chosen at start-up (probe_isolation):
// with CAP_SYS_ADMIN (root) namespaces are used; without it, Landlock
// (enter_landlock); without either nothing is isolated, and the helper says
// so in its 'I' frame.
//
// Not through a user namespace of the helper's own: in one, the helper holds
// no capability over the PID namespace it started in (that belongs to the
// parent user namespace), so after making a tool's namespace it cannot
// setns() back — and while its children's namespace differs from its own,
// the kernel refuses to make another (EINVAL). A helper that tried died at
// its first tool, and with it every operation of a non-root server on a host
// that allows user namespaces (test/unit/non-root.test.ts). Landlock needs
// no privilege and works under Docker's default seccomp profile.
enum { ISOLATION_NONE, ISOLATION_NAMESPACES, ISOLATION_LANDLOCK };
static int isolation;
static char isolation_text[300] = "none: not probed";
static char work_root[PATH_MAX];  // 'C': request work directories are its direct entries
static char private_dir[PATH_MAX];  // 'C': the server's own data (DATA_DIR), no tool's business
static char app_dir[PATH_MAX];      // 'C': the service's own files (bundled tool scripts), always readable
static int own_pidns = -1;        // the helper's PID namespace, restored after each child's
static int helper_pidfd = -1;     // readable once the helper is gone (a child checks it)
static int last_cap = CAP_LAST_CAP;
static const char *isolation_step = "";

// PID 1 of a tool's namespace: a copy of the helper that does nothing but
// exist. The tool runs as PID 2, a child of the helper as before — its own
// exit status and CPU time are reported, and the signals it sends itself
// (abort(), `kill $$`) act as usual, where PID 1 would ignore them. When the
// tool has ended, finish() kills this process, and the kernel then kills
// every process left in the namespace, even one that made its own session.
// (Not in the tool's process group: a namespace's init waits on exit until
// every pid of its namespace is free, and a group id is one, so an init in
// the group of a tool already reaped would wait for itself for ever.)
//
// It shares the helper's memory (CLONE_VM, on a stack of its own): a full
// fork of the helper (libqpdf and libstdc++ mapped) for a process that only
// waits was most of isolation's CPU cost per tool (0.47 of 0.7 ms,
// scripts/bench/isolation.ts). It touches no memory but that stack, and its
// stack is never reused before it has been killed (SIGKILL: it runs no more
// code) — each slot of `children` has its own.
#define INIT_STACK 8192
static char *init_stacks;  // MAX_CHILDREN + 1 stacks (the last for the probe and `exec`)

static int run_init(void *unused) {
  (void)unused;
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  syscall(SYS_close_range, 0, ~0U, 0);
  prctl(PR_SET_NAME, "tool-init");
  syscall(SYS_chdir, "/");
  struct sigaction ignore;
  memset(&ignore, 0, sizeof ignore);
  ignore.sa_handler = SIG_IGN;
  sigaction(SIGCHLD, &ignore, NULL);  // orphans of the tool are reaped by the kernel
  for (;;) pause();
  return 0;
}

static pid_t last_init;  // the namespace's PID 1 of the child fork_tool() made last

// Forks a child in a new PID namespace (when isolating), as PID 2 under
// run_init(); `last_init` is then that init's pid. The namespace is made here, in the helper, and left at
// once (setns), so the child comes from glibc's fork() (its atfork handlers
// run: gnutls reseeds its generator in the in-process qpdf child) and later
// forks (removers) stay in the helper's own namespace.
static pid_t fork_tool(int slot) {
  if (isolation != ISOLATION_NAMESPACES) return fork();
  if (unshare(CLONE_NEWPID) < 0) return -1;
  pid_t init = clone(run_init, init_stacks + (size_t)(slot + 1) * INIT_STACK, CLONE_VM | SIGCHLD, NULL);
  pid_t pid = init > 0 ? fork() : -1;
  int e = errno;
  if (pid == 0) return 0;
  if (setns(own_pidns, CLONE_NEWPID) < 0) die("setns");
  if (pid < 0) {
    if (init > 0) kill(init, SIGKILL);  // reaped as an unknown child
    errno = e;
    return -1;
  }
  last_init = init;
  return pid;
}

// Whether `cwd` is a request's work directory: a direct entry of the work root.
static int in_work_dir(const char *cwd) {
  size_t n = strlen(work_root);
  return n >= 2 && strncmp(cwd, work_root, n) == 0 && cwd[n] == '/' && cwd[n + 1] && !strchr(cwd + n + 1, '/');
}

// Hides the other entries of the work root from a child working in one of
// them: a small tmpfs over the root, with only the child's own directory
// bound back in at its path. (LibreOffice's UNO client, which must reach the
// instance's pipe in /tmp, works in the instance's home, not in a work
// directory: src/tools/libreoffice.ts.)
static int hide_work_root(const char *cwd) {
  if (!in_work_dir(cwd)) return 0;
  isolation_step = "chdir";
  if (chdir(cwd) < 0) return -1;
  isolation_step = "mount a tmpfs over the work root";
  if (mount("none", work_root, "tmpfs", MS_NOSUID | MS_NODEV | MS_NOEXEC, "mode=0711,size=64k,nr_inodes=256") < 0) return -1;
  isolation_step = "bind the work directory";
  if (mkdir(cwd, 0700) < 0 || mount(".", cwd, NULL, MS_BIND | MS_REC, NULL) < 0) return -1;
  return 0;
}

// In a child just forked by fork_tool(): dies with the helper, gets its own
// mount namespace and /proc, and (in a work directory) the view of the work root.
static int enter_isolation(const char *cwd) {
  isolation_step = "unshare(CLONE_NEWNS)";
  if (unshare(CLONE_NEWNS) < 0) return -1;
  // Private first: nothing mounted below may propagate back to the host.
  isolation_step = "make mounts private";
  if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) < 0) return -1;
  isolation_step = "mount /proc";
  if (mount("proc", "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, NULL) < 0) return -1;
  return hide_work_root(cwd);
}

// A tool needs no capability; without them it cannot unmount its view, mount
// the host's /proc, or read past file modes. Root's exec would restore every
// capability in the bounding set, so that set is emptied too.
static int drop_capabilities(void) {
  isolation_step = "drop capabilities";
  for (int c = 0; c <= last_cap; c++)
    if (prctl(PR_CAPBSET_DROP, c, 0, 0, 0) < 0 && errno != EINVAL) return -1;
  prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0);
  struct __user_cap_header_struct head = {_LINUX_CAPABILITY_VERSION_3, 0};
  struct __user_cap_data_struct data[2];
  memset(data, 0, sizeof data);
  return syscall(SYS_capset, &head, data);
}

// Every child dies with the helper (SIGKILL), and the helper with the server
// (EOF on its stdin, then kill_all): nothing outlives the server. The pidfd
// closes the window between fork and prctl, where the helper may already be gone.
static void die_with_helper(void) {
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  struct pollfd gone = {helper_pidfd, POLLIN, 0};
  if (helper_pidfd >= 0 && poll(&gone, 1, 0) > 0) _exit(127);
}

static int has_sys_admin(void) {
  struct __user_cap_header_struct head = {_LINUX_CAPABILITY_VERSION_3, 0};
  struct __user_cap_data_struct data[2];
  if (syscall(SYS_capget, &head, data) < 0) return 0;
  return (data[CAP_TO_INDEX(CAP_SYS_ADMIN)].effective & CAP_TO_MASK(CAP_SYS_ADMIN)) != 0;
}

// Without root: Landlock (Linux >= 5.13, allowed by Docker's default seccomp
// profile). A tool working in a request's work directory may read and run
// everything on the file system except the work root and the server's data
// directory, and write only in its own work directory (and /dev). Landlock
// also keeps it from ptrace and /proc/<pid>/mem of every process outside its
// own domain, so another request's tool is out of reach both by path and
// through /proc. The allowed roots are found once, at 'C': every entry of
// "/" that neither is nor holds the work root or the data directory, and
// below the ones that hold them the same again.
#define LL_EXECUTE (1ULL << 0)
#define LL_WRITE_FILE (1ULL << 1)
#define LL_READ_FILE (1ULL << 2)
#define LL_READ_DIR (1ULL << 3)
#define LL_FILE_RIGHTS (LL_EXECUTE | LL_WRITE_FILE | LL_READ_FILE | (1ULL << 14) | (1ULL << 15))  // + truncate, ioctl_dev
#define LL_MAX_ROOTS 256
struct ll_ruleset_attr { uint64_t handled_access_fs; };
struct ll_path_beneath { uint64_t allowed_access; int32_t parent_fd; } __attribute__((packed));
static int landlock_abi;
static uint64_t ll_handled;  // every file-system right the kernel knows
static int ll_roots[LL_MAX_ROOTS];
static uint64_t ll_rights[LL_MAX_ROOTS];
static int ll_count;

static int under(const char *path, const char *dir) {
  size_t n = strlen(dir);
  return n > 0 && strncmp(path, dir, n) == 0 && (path[n] == '/' || path[n] == 0);
}

// A directory holding the work root or the data directory with more entries
// than this (a shared /tmp) gets none of its other entries allowed: the tools
// need nothing there (their TMPDIR and HOME are their work directory), and a
// rule per entry would cost each start a syscall per entry.
#define LL_CROWDED 64

static int ll_collect(const char *dir) {
  DIR *d = opendir(dir);
  if (!d) return 0;  // unreadable: nothing below it is allowed
  int entries = 0;
  while (readdir(d) != NULL && entries <= LL_CROWDED + 2) entries++;
  int crowded = entries > LL_CROWDED + 2;
  rewinddir(d);
  struct dirent *e;
  char path[PATH_MAX];
  int ok = 0;
  while ((e = readdir(d)) != NULL) {
    if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0) continue;
    if (snprintf(path, sizeof path, "%s/%s", strcmp(dir, "/") == 0 ? "" : dir, e->d_name) >= (int)sizeof path) continue;
    if (under(path, work_root) || (private_dir[0] && under(path, private_dir))) continue;  // the private trees themselves
    if (under(work_root, path) || (private_dir[0] && under(private_dir, path))) {  // holds one: go down
      if (ll_collect(path) < 0) { ok = -1; break; }
      continue;
    }
    if (crowded) {
      // Still the way to the service's own files (a clone under a shared /tmp).
      if (app_dir[0] && under(app_dir, path) && strcmp(app_dir, path) != 0) {
        if (ll_collect(path) < 0) { ok = -1; break; }
        continue;
      }
      if (!(app_dir[0] && strcmp(app_dir, path) == 0)) continue;
    }
    int fd = open(path, O_PATH | O_CLOEXEC);
    struct stat st;
    if (fd < 0) continue;
    if (fstat(fd, &st) < 0 || ll_count == LL_MAX_ROOTS) { close(fd); ok = fd < 0 ? 0 : -1; if (ok < 0) break; continue; }
    uint64_t rights = LL_EXECUTE | LL_READ_FILE | LL_READ_DIR;
    // /dev: /dev/null, /dev/shm (Python's multiprocessing in OCRmyPDF), ttys.
    if (strcmp(path, "/dev") == 0) rights = ll_handled;
    if (!S_ISDIR(st.st_mode)) rights &= LL_FILE_RIGHTS;
    ll_roots[ll_count] = fd;
    ll_rights[ll_count++] = rights & ll_handled;
  }
  closedir(d);
  return ok;
}

// At 'C' (work root and data directory known): the allowed roots, or isolation off with the reason.
static void landlock_prepare(void) {
  for (int i = 0; i < ll_count; i++) close(ll_roots[i]);
  ll_count = 0;
  if (strlen(work_root) < 2) {
    isolation = ISOLATION_NONE;
    snprintf(isolation_text, sizeof isolation_text, "none: not root, and Landlock waits for the work root");
    return;
  }
  if (ll_collect("/") < 0) {
    for (int i = 0; i < ll_count; i++) close(ll_roots[i]);
    ll_count = 0;
    isolation = ISOLATION_NONE;
    snprintf(isolation_text, sizeof isolation_text, "none: not root, and more than %d paths to allow around the work root", LL_MAX_ROOTS);
    return;
  }
  isolation = ISOLATION_LANDLOCK;
  snprintf(isolation_text, sizeof isolation_text, "landlock");
}

// In a child about to become a tool in the work directory `cwd` (else nothing).
static int enter_landlock(const char *cwd) {
  if (!in_work_dir(cwd)) return 0;
  isolation_step = "landlock_create_ruleset";
  struct ll_ruleset_attr attr = {ll_handled};
  int ruleset = (int)syscall(SYS_landlock_create_ruleset, &attr, sizeof attr, 0);
  if (ruleset < 0) return -1;
  isolation_step = "landlock_add_rule";
  for (int i = 0; i < ll_count; i++) {
    struct ll_path_beneath rule = {ll_rights[i], ll_roots[i]};
    if (syscall(SYS_landlock_add_rule, ruleset, 1 /* LANDLOCK_RULE_PATH_BENEATH */, &rule, 0) < 0) return -1;
  }
  int own = open(cwd, O_PATH | O_CLOEXEC);
  struct ll_path_beneath mine = {ll_handled, own};
  if (own < 0 || syscall(SYS_landlock_add_rule, ruleset, 1, &mine, 0) < 0) return -1;
  close(own);
  isolation_step = "landlock_restrict_self";
  if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0 || syscall(SYS_landlock_restrict_self, ruleset, 0) < 0) return -1;
  close(ruleset);
  for (int i = 0; i < ll_count; i++) close(ll_roots[i]);  // the tool needs none of them
  return 0;
}

// Finds what this host allows, by doing it once: a child in new namespaces
// mounts its /proc and drops its capabilities. Sets `isolation` and the text
// the server logs and shows in /healthz.
static void probe_isolation(void) {
  const char *wanted = getenv("SPAWN_HELPER_ISOLATION");
  if (wanted && strcmp(wanted, "off") == 0) {
    snprintf(isolation_text, sizeof isolation_text, "none: turned off (TOOL_ISOLATION=off)");
    return;
  }
  FILE *f = fopen("/proc/sys/kernel/cap_last_cap", "re");
  if (f) {
    if (fscanf(f, "%d", &last_cap) != 1) last_cap = CAP_LAST_CAP;
    fclose(f);
  }
  if (!has_sys_admin()) {
    landlock_abi = (int)syscall(SYS_landlock_create_ruleset, NULL, 0, 1 /* LANDLOCK_CREATE_RULESET_VERSION */);
    if (landlock_abi <= 0) {
      snprintf(isolation_text, sizeof isolation_text, "none: not root (no CAP_SYS_ADMIN to make namespaces), and no Landlock (%s)", strerror(errno));
      return;
    }
    // ABI 1: bits 0-12; 2: + refer; 3: + truncate; 5: + ioctl_dev.
    ll_handled = (1ULL << 13) - 1;
    if (landlock_abi >= 2) ll_handled |= 1ULL << 13;
    if (landlock_abi >= 3) ll_handled |= 1ULL << 14;
    if (landlock_abi >= 5) ll_handled |= 1ULL << 15;
    snprintf(isolation_text, sizeof isolation_text, "none: not root, and Landlock waits for the work root");
    return;
  }
  own_pidns = open("/proc/self/ns/pid", O_RDONLY | O_CLOEXEC);
  int report[2];
  if (own_pidns < 0 || pipe2(report, O_CLOEXEC) < 0) {
    snprintf(isolation_text, sizeof isolation_text, "none: /proc/self/ns/pid (%s)", strerror(errno));
    return;
  }
  init_stacks = mmap(NULL, (size_t)(MAX_CHILDREN + 1) * INIT_STACK, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (init_stacks == MAP_FAILED) {
    init_stacks = NULL;
    snprintf(isolation_text, sizeof isolation_text, "none: mmap (%s)", strerror(errno));
    return;
  }
  isolation = ISOLATION_NAMESPACES;
  pid_t pid = fork_tool(MAX_CHILDREN);
  if (pid == 0) {
    char why[200] = "";
    if (enter_isolation("/") < 0 || drop_capabilities() < 0) snprintf(why, sizeof why, "%s failed (%s)", isolation_step, strerror(errno));
    ssize_t ignored = write(report[1], why, strlen(why));
    (void)ignored;
    _exit(why[0] ? 1 : 0);
  }
  int e = errno;
  close(report[1]);
  char why[200] = "";
  ssize_t got = pid > 0 ? read(report[0], why, sizeof why - 1) : -1;
  close(report[0]);
  int status = 1;
  if (pid > 0) {
    waitpid(pid, &status, 0);
    kill(last_init, SIGKILL);
    waitpid(last_init, NULL, 0);
  }
  if (pid < 0 || got != 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    isolation = ISOLATION_NONE;
    if (pid < 0) snprintf(why, sizeof why, "unshare(CLONE_NEWPID) or fork failed (%s)", strerror(e));
    snprintf(isolation_text, sizeof isolation_text, "none: %s", got > 0 || pid < 0 ? why : "the probe child failed");
    return;
  }
  snprintf(isolation_text, sizeof isolation_text, "namespaces");
}

// The next NUL-terminated absolute path of a 'C' payload into `dir` (empty when absent or not absolute); returns what follows.
static const char *take_dir(const char *p, const char *end, char *dir, size_t size) {
  dir[0] = 0;
  if (p >= end) return end;
  size_t n = strnlen(p, end - p);
  if (n < (size_t)(end - p) && n < size && p[0] == '/') {
    memcpy(dir, p, n);
    dir[n] = 0;
    while (n > 1 && dir[n - 1] == '/') dir[--n] = 0;
  }
  return n < (size_t)(end - p) ? p + n + 1 : end;
}

// 'C' payload: u32 flags (1: isolate), i32 nice, the work root (absolute or
// empty, NUL-terminated), then optionally the data directory and the
// service's own directory (each NUL-terminated; for Landlock). Turning
// isolation off is final; it cannot be turned back on (the start-up probe
// decides what is possible). Replies 'I'.
static void configure(const char *p, const char *end) {
  if (end - p < 9) return;
  uint32_t flags;
  int32_t nice_value;
  memcpy(&flags, p, 4);
  memcpy(&nice_value, p + 4, 4);
  p += 8;
  size_t len = strnlen(p, end - p);
  if (len == (size_t)(end - p) || len >= sizeof work_root || (len && p[0] != '/')) return;
  memcpy(work_root, p, len);
  work_root[len] = 0;
  while (len > 1 && work_root[len - 1] == '/') work_root[--len] = 0;
  p += len + 1;
  p = take_dir(p, end, private_dir, sizeof private_dir);
  take_dir(p, end, app_dir, sizeof app_dir);
  child_nice = nice_value;
  if (!(flags & 1)) {
    if (isolation != ISOLATION_NONE || landlock_abi > 0) {
      isolation = ISOLATION_NONE;
      landlock_abi = 0;  // off is final
      snprintf(isolation_text, sizeof isolation_text, "none: turned off (TOOL_ISOLATION=off)");
    }
  } else if (landlock_abi > 0) {
    landlock_prepare();  // again at each 'C': the roots may have moved
  }
  reply('I', 0, isolation_text, (uint32_t)strlen(isolation_text));
}

static void child_exec(int errpipe, const char *cwd, const char *file, char **argv, char **envp, int in, int out, int err,
                       uint64_t mem, uint64_t cpu) {
  sigset_t none;
  sigemptyset(&none);
  for (int s = 1; s < NSIG; s++) signal(s, SIG_DFL);
  sigprocmask(SIG_SETMASK, &none, NULL);
  setsid();
  die_with_helper();
  if (isolation == ISOLATION_NAMESPACES && enter_isolation(cwd) < 0) goto fail;
  if (dup2(in, 0) < 0 || dup2(out, 1) < 0 || dup2(err, 2) < 0) goto fail;
  if (chdir(cwd) < 0) goto fail;
  if (mem) {
    struct rlimit r = {mem, mem};
    if (setrlimit(RLIMIT_AS, &r) < 0) goto fail;
  }
  if (child_nice > 0 && setpriority(PRIO_PROCESS, 0, child_nice) < 0) goto fail;
  // A tool killed by a cap must not also write a core file into the work directory.
  struct rlimit nocore = {0, 0};
  setrlimit(RLIMIT_CORE, &nocore);
  if (cpu) {
    // Soft limit: SIGXCPU; a tool that ignores it is killed one second later.
    struct rlimit r = {cpu, cpu + 1};
    if (setrlimit(RLIMIT_CPU, &r) < 0) goto fail;
  }
  if (isolation == ISOLATION_NAMESPACES && drop_capabilities() < 0) goto fail;
  if (isolation == ISOLATION_LANDLOCK && enter_landlock(cwd) < 0) goto fail;
  environ = envp;
#ifdef WITH_QPDF
  if (qpdf_in_process && strcmp(file, "qpdf") == 0) {
    // No exec, so O_CLOEXEC closes nothing: drop every descriptor of the
    // helper (other children's pipes, the server's) before running the job.
    close_range(3, ~0U, 0);
    prctl(PR_SET_NAME, "qpdf");  // what ps and top show for it
    int code = qpdfjob_run_from_argv((char const *const *)argv);
    fflush(NULL);
    _exit(code);
  }
#endif
  execvp(file, argv);
fail:;
  int e = errno;
  ssize_t ignored = write(errpipe, &e, sizeof e);
  (void)ignored;
  _exit(127);
}

static uint32_t get32(const char **p) {
  uint32_t v;
  memcpy(&v, *p, 4);
  *p += 4;
  return v;
}
static uint64_t get64(const char **p) {
  uint64_t v;
  memcpy(&v, *p, 8);
  *p += 8;
  return v;
}

// 'S' payload: u32 flags, u64 memory bytes (RLIMIT_AS), u64 cpu seconds, u64
// max stdout, u32 argc, u32 envc, u32 input length, u64 resident-memory cap
// (bytes, 0 = none), then NUL-terminated cwd, file, argv…, env…, then the
// input bytes.
static void fail_start(uint32_t id, int32_t e) { reply('F', id, &e, 4); }

static void spawn_child(uint32_t id, const char *p, const char *end) {
  if (end - p < 48) {
    fail_start(id, EINVAL);
    return;
  }
  uint32_t flags = get32(&p);
  uint64_t mem = get64(&p), cpu = get64(&p), max_stdout = get64(&p);
  uint32_t argc = get32(&p), envc = get32(&p), input_len = get32(&p);
  uint64_t rss_cap = get64(&p);
  char **argv = calloc(argc + 1, sizeof *argv);
  char **envp = calloc(envc + 1, sizeof *envp);
  const char *cwd = p;
  p += strnlen(p, end - p) + 1;
  const char *file = p;
  p += strnlen(p, end - p) + 1;
  for (uint32_t i = 0; i < argc && p < end; i++, p += strnlen(p, end - p) + 1) argv[i] = (char *)p;
  for (uint32_t i = 0; i < envc && p < end; i++, p += strnlen(p, end - p) + 1) envp[i] = (char *)p;
  if (p > end || (size_t)(end - p) != input_len) {
    free(argv);
    free(envp);
    fail_start(id, EINVAL);
    return;
  }
  Child *c = NULL;
  for (int i = 0; i < MAX_CHILDREN && !c; i++)
    if (!children[i].used) c = &children[i];
  int in[2] = {-1, -1}, out[2] = {-1, -1}, err[2] = {-1, -1}, ep[2] = {-1, -1};
  int devnull = open("/dev/null", O_RDWR | O_CLOEXEC);
  int ok = c && devnull >= 0 && pipe2(err, O_CLOEXEC) == 0 && pipe2(ep, O_CLOEXEC) == 0 &&
           (!(flags & F_STDIN) || pipe2(in, O_CLOEXEC) == 0) && (!(flags & F_STDOUT) || pipe2(out, O_CLOEXEC) == 0);
  pid_t pid = ok ? fork_tool((int)(c - children)) : -1;
  int e = errno;
  if (pid == 0) {
    child_exec(ep[1], cwd, file, argv, envp, flags & F_STDIN ? in[0] : devnull, flags & F_STDOUT ? out[1] : devnull, err[1], mem, cpu);
  }
  free(argv);
  free(envp);
  int ends[] = {in[0], out[1], err[1], ep[1], devnull};
  for (int i = 0; i < 5; i++)
    if (ends[i] >= 0) close(ends[i]);
  if (pid > 0) {
    int child_errno = 0;
    ssize_t n;
    do n = read(ep[0], &child_errno, sizeof child_errno);
    while (n < 0 && errno == EINTR);
    close(ep[0]);
    if (n == sizeof child_errno) {
      // exec failed: the child has exited with 127; reap it now.
      waitpid(pid, NULL, 0);
      if (isolation == ISOLATION_NAMESPACES) kill(last_init, SIGKILL);
      pid = -1;
      e = child_errno;
    }
  } else if (ep[0] >= 0) {
    close(ep[0]);
  }
  if (pid <= 0) {
    int fds[] = {in[1], out[0], err[0]};
    for (int i = 0; i < 3; i++)
      if (fds[i] >= 0) close(fds[i]);
    if (!c) e = EAGAIN;
    fail_start(id, e ? e : EAGAIN);
    return;
  }
  memset(c, 0, sizeof *c);
  c->used = 1;
  c->id = id;
  c->pid = pid;
  watch_start(c, rss_cap);
  c->in = in[1];
  c->out = out[0];
  c->err = err[0];
  c->max_stdout = max_stdout;
  c->init = isolation == ISOLATION_NAMESPACES ? last_init : 0;
  if (c->out >= 0) set_nonblock(c->out);
  set_nonblock(c->err);
  int32_t started = pid;
  reply('P', id, &started, 4);
  if (c->in >= 0) {
    set_nonblock(c->in);
    c->input = malloc(input_len ? input_len : 1);
    memcpy(c->input, p, input_len);
    c->input_len = input_len;
    feed_stdin(c);
  }
}

static void finish(Child *c, int status, const struct rusage *ru) {
  // Helpers the tool left behind go with its group.
  if (!c->remover) kill(-c->pid, SIGKILL);
  if (c->init > 0) kill(c->init, SIGKILL);  // and with it its namespace
  if (c->out >= 0) relay(c, &c->out, 'O');
  if (c->err >= 0) relay(c, &c->err, 'E');
  close_fd(&c->out);
  close_fd(&c->err);
  close_fd(&c->in);
  free(c->input);
  char payload[22];
  int32_t st = status;
  uint64_t cpu = (uint64_t)ru->ru_utime.tv_sec * 1000000 + ru->ru_utime.tv_usec + (uint64_t)ru->ru_stime.tv_sec * 1000000 + ru->ru_stime.tv_usec;
  // The peak: the largest tree sum sampled, or the child's own high-water mark (exact, but its own pages only).
  uint64_t peak = (uint64_t)ru->ru_maxrss * 1024;
  if (c->rss_peak > peak) peak = c->rss_peak;
  memcpy(payload, &st, 4);
  memcpy(payload + 4, &cpu, 8);
  payload[12] = (char)c->overflow;
  payload[13] = (char)c->over_memory;
  memcpy(payload + 14, &peak, 8);
  uint32_t id = c->id;
  memset(c, 0, sizeof *c);
  reply('X', id, payload, sizeof payload);
}

static int remove_entry(const char *path, const struct stat *sb, int flag, struct FTW *ftw) {
  (void)sb;
  (void)ftw;
  if (flag == FTW_DP) rmdir(path);
  else unlink(path);
  return 0;  // keep going; the exit status says whether the root is gone
}

// A request's work directory is usually a handful of plain files (uploads, one
// output): removed here, at once, it costs a few unlinks instead of a fork, an
// exit and a reap per request. Anything else — subdirectories, links, more
// than INLINE_ENTRIES names — goes to a forked remover, so a tree of 10,000
// split pages never holds up this loop. Returns 1 when the directory is gone.
#define INLINE_ENTRIES 16
static int remove_flat(const char *path) {
  int dfd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (dfd < 0) return errno == ENOENT;
  DIR *dir = fdopendir(dfd);
  if (!dir) {
    close(dfd);
    return 0;
  }
  char names[INLINE_ENTRIES][256];
  int n = 0, flat = 1;
  struct dirent *e;
  while (flat && (e = readdir(dir)) != NULL) {
    if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0) continue;
    if (e->d_type != DT_REG || n == INLINE_ENTRIES || strlen(e->d_name) >= sizeof names[0]) flat = 0;
    else strcpy(names[n++], e->d_name);
  }
  for (int i = 0; flat && i < n; i++)
    if (unlinkat(dfd, names[i], 0) < 0 && errno != ENOENT) flat = 0;
  closedir(dir);
  return flat && rmdir(path) == 0;
}

// 'R' payload: an absolute path, NUL-terminated. Replies 'X' with status 0 once it is gone.
static void remove_tree(uint32_t id, const char *path, const char *end) {
  size_t len = strnlen(path, end - path);
  Child *c = NULL;
  for (int i = 0; i < MAX_CHILDREN && !c; i++)
    if (!children[i].used) c = &children[i];
  if (len == (size_t)(end - path) || path[0] != '/' || len < 2 || !c) {
    fail_start(id, c ? EINVAL : EAGAIN);
    return;
  }
  if (remove_flat(path)) {
    char payload[13] = {0};  // status 0 (exited 0), no CPU, no overflow
    reply('X', id, payload, sizeof payload);
    return;
  }
  pid_t pid = fork();
  if (pid == 0) {
    nftw(path, remove_entry, 16, FTW_DEPTH | FTW_PHYS | FTW_MOUNT);
    _exit(access(path, F_OK) == 0 ? 1 : 0);
  }
  if (pid < 0) {
    fail_start(id, errno);
    return;
  }
  memset(c, 0, sizeof *c);
  c->used = 1;
  c->id = id;
  c->pid = pid;
  c->out = c->err = c->in = -1;
  c->remover = 1;
}

static void reply_status(uint32_t id, int e) {
  if (e) {
    fail_start(id, e);
    return;
  }
  char payload[13] = {0};  // status 0 (exited 0), no CPU, no overflow
  reply('X', id, payload, sizeof payload);
}

// 'W' payload: u32 flags (1: create the directory, mode 0700, first), the
// directory (absolute, NUL-terminated), u32 count, then per file its name (no
// '/', NUL-terminated), u32 length and bytes. Files are new (O_EXCL, mode 0600,
// never through a link). Replies 'X' (status 0) or 'F' (errno).
static void write_files(uint32_t id, const char *p, const char *end) {
  if (end - p < 4) {
    fail_start(id, EINVAL);
    return;
  }
  uint32_t flags = get32(&p);
  size_t dlen = strnlen(p, end - p);
  if (dlen == (size_t)(end - p) || p[0] != '/' || dlen < 2) { fail_start(id, EINVAL); return; }
  const char *dir = p;
  p += dlen + 1;
  if (end - p < 4) { fail_start(id, EINVAL); return; }
  uint32_t count = get32(&p);
  if ((flags & 1) && mkdir(dir, 0700) < 0) { fail_start(id, errno); return; }
  int dfd = open(dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (dfd < 0) { fail_start(id, errno); return; }
  int e = 0;
  for (uint32_t i = 0; i < count && !e; i++) {
    size_t nlen = strnlen(p, end - p);
    if (nlen == (size_t)(end - p) || nlen == 0 || memchr(p, '/', nlen) || end - (p + nlen + 1) < 4) {
      e = EINVAL;
      break;
    }
    const char *name = p;
    p += nlen + 1;
    uint32_t len = get32(&p);
    if ((size_t)(end - p) < len) {
      e = EINVAL;
      break;
    }
    int fd = openat(dfd, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (fd < 0) {
      e = errno;
      break;
    }
    for (uint32_t off = 0; off < len && !e;) {
      ssize_t n = write(fd, p + off, len - off);
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) e = errno;
      else off += (uint32_t)n;
    }
    if (close(fd) < 0 && !e) e = errno;
    p += len;
  }
  close(dfd);
  reply_status(id, e);
}

// 'G' payload: u64 most bytes, then a path (absolute, NUL-terminated). Replies
// 'D' (u64 size, and the bytes when size <= most) or 'F' (errno).
static void read_file(uint32_t id, const char *p, const char *end) {
  if (end - p < 10) { fail_start(id, EINVAL); return; }
  uint64_t most = get64(&p);
  if (most > (16u << 20)) most = 16u << 20;  // the server asks for 64 KiB; never a huge buffer
  size_t plen = strnlen(p, end - p);
  if (plen == (size_t)(end - p) || p[0] != '/') { fail_start(id, EINVAL); return; }
  int fd = open(p, O_RDONLY | O_CLOEXEC);
  if (fd < 0) { fail_start(id, errno); return; }
  struct stat st;
  int e = fstat(fd, &st) < 0 ? errno : S_ISREG(st.st_mode) ? 0 : EINVAL;
  if (e) {
    close(fd);
    fail_start(id, e);
    return;
  }
  uint64_t size = (uint64_t)st.st_size;
  uint64_t take = size <= most ? size : 0;
  char *payload = malloc(8 + take);
  if (!payload) {
    close(fd);
    { fail_start(id, ENOMEM); return; }
  }
  uint64_t got = 0;
  while (got < take) {
    ssize_t n = read(fd, payload + 8 + got, take - got);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;  // shorter than its size said: send what is there
    got += (uint64_t)n;
  }
  close(fd);
  if (got < take) size = got;
  memcpy(payload, &size, 8);
  reply('D', id, payload, (uint32_t)(8 + got));
  free(payload);
}

// ---- Resident-memory watchdog ----
// RLIMIT_AS counts address space a tool reserves (thread stacks, malloc
// arenas, mappings it never touches), so a cap low enough to stop a bomb also
// stopped ordinary documents; a cgroup measures what is used but needs a
// writable hierarchy, which a container run as non-root does not have. So
// this process samples what each child's tree holds: every WATCH_PERIOD_MS it
// sums the resident pages (/proc/<pid>/stat, an O(1) counter, no page-table
// walk as smaps_rollup does) of the child and its descendants
// (/proc/<pid>/task/<tid>/children; without that kernel option, one scan of
// /proc by session), and SIGKILLs the group and every descendant found once
// the sum passes the child's cap. The 'S' request carries the cap (after the
// input length); RLIMIT_AS stays as a higher backstop for an allocation faster
// than one period. A child that exits before its first period is never
// sampled, so a short tool costs nothing. A spawned child's 'X' frame goes on
// after the stdout byte: u8 killed over its cap, u64 the most resident bytes
// seen (removals and file writes still send the 13-byte frame).

// 50 ms: one sample of a tool with no children reads two small /proc files
// (~15 µs), so 0.03 % of a core per watched child; a tool that faults pages
// in at ~3 GB/s passes its cap by at most ~150 MB before the next sample,
// which the RLIMIT_AS backstop bounds.
#define WATCH_PERIOD_MS 50
// Processes of one tree counted (and killed) at most: a fork bomb is bounded by its memory anyway.
#define WATCH_MAX_PIDS 512

static int children_files = -1;  // /proc/<pid>/task/<tid>/children exists (CONFIG_PROC_CHILDREN); -1 until checked

static int64_t now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

// Reads a small /proc file into `buf` (NUL-terminated); its length, or -1.
static ssize_t read_proc(const char *path, char *buf, size_t size) {
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return -1;
  ssize_t n;
  do n = read(fd, buf, size - 1);
  while (n < 0 && errno == EINTR);
  close(fd);
  if (n < 0) return -1;
  buf[n] = 0;
  return n;
}

// From /proc/<pid>/stat (fields after the command name, see proc(5)): its
// session, thread count and resident pages. 0 when the process is gone.
static int proc_stat(pid_t pid, long *session, long *threads, long *rss_pages) {
  char path[64], buf[1024];
  snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
  if (read_proc(path, buf, sizeof buf) <= 0) return 0;
  char *p = strrchr(buf, ')');  // the name may hold spaces and parentheses
  if (!p || p[1] != ' ' || !p[2]) return 0;
  p += 3;  // past ") " and the state letter
  long field[22] = {0};
  for (int i = 1; i < 22; i++) {
    char *end;
    field[i] = strtol(p, &end, 10);
    if (end == p) return 0;
    p = end;
  }
  *session = field[3];    // (6) session
  *threads = field[17];   // (20) num_threads
  *rss_pages = field[21]; // (24) rss
  return 1;
}

// Appends the pids in /proc/<pid>/task/<tid>/children to `list`.
static void add_children(pid_t pid, const char *tid, pid_t *list, int *n) {
  char path[96], buf[8192];
  snprintf(path, sizeof path, "/proc/%d/task/%s/children", (int)pid, tid);
  if (read_proc(path, buf, sizeof buf) <= 0) return;
  for (char *p = buf; *n < WATCH_MAX_PIDS;) {
    char *end;
    long v = strtol(p, &end, 10);
    if (end == p) break;
    list[(*n)++] = (pid_t)v;
    p = end;
  }
}

// Resident bytes of `root` and its descendants, whose pids go to `list` (root first).
static uint64_t tree_rss(pid_t root, pid_t *list, int *n) {
  uint64_t pages = 0;
  *n = 0;
  list[(*n)++] = root;
  for (int i = 0; i < *n; i++) {
    long session, threads, rss;
    if (!proc_stat(list[i], &session, &threads, &rss)) continue;
    pages += (uint64_t)(rss > 0 ? rss : 0);
    char tid[24];
    if (threads <= 1) {
      // One thread: its tid is its pid, no directory listing needed.
      snprintf(tid, sizeof tid, "%d", (int)list[i]);
      add_children(list[i], tid, list, n);
      continue;
    }
    // A child forked by a thread is listed under that thread (Python's subprocess from a worker thread).
    char path[48];
    snprintf(path, sizeof path, "/proc/%d/task", (int)list[i]);
    DIR *dir = opendir(path);
    if (!dir) continue;
    struct dirent *e;
    while ((e = readdir(dir)) != NULL)
      if (e->d_name[0] != '.') add_children(list[i], e->d_name, list, n);
    closedir(dir);
  }
  return pages * (uint64_t)sysconf(_SC_PAGESIZE);
}

// Without the children files: one pass over /proc, counting every process of
// the child's session (it is a session leader; a descendant that started its
// own session is missed, as the group kill misses it).
static uint64_t session_rss(pid_t leader, pid_t *list, int *n) {
  uint64_t pages = 0;
  *n = 0;
  list[(*n)++] = leader;
  DIR *dir = opendir("/proc");
  if (!dir) return 0;
  struct dirent *e;
  while ((e = readdir(dir)) != NULL) {
    if (e->d_name[0] < '1' || e->d_name[0] > '9') continue;
    pid_t pid = (pid_t)atoi(e->d_name);
    long session, threads, rss;
    if (!proc_stat(pid, &session, &threads, &rss) || session != leader) continue;
    pages += (uint64_t)(rss > 0 ? rss : 0);
    if (pid != leader && *n < WATCH_MAX_PIDS) list[(*n)++] = pid;
  }
  closedir(dir);
  return pages * (uint64_t)sysconf(_SC_PAGESIZE);
}

// Starts watching a spawned child (cap 0: never sampled).
static void watch_start(Child *c, uint64_t rss_cap) {
  c->rss_cap = rss_cap;
  c->next_sample = now_ms() + WATCH_PERIOD_MS;
}

// Samples every watched child whose period is up; kills a tree over its cap.
static void watch_sample(void) {
  static pid_t list[WATCH_MAX_PIDS];
  int64_t now = now_ms();
  if (children_files < 0) {
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/task/%d/children", (int)getpid(), (int)getpid());
    children_files = access(path, R_OK) == 0;
  }
  for (int i = 0; i < MAX_CHILDREN; i++) {
    Child *c = &children[i];
    if (!c->used || !c->rss_cap || c->over_memory || c->next_sample > now) continue;
    int n = 0;
    uint64_t rss = children_files ? tree_rss(c->pid, list, &n) : session_rss(c->pid, list, &n);
    if (rss > c->rss_peak) c->rss_peak = rss;
    c->next_sample = now + WATCH_PERIOD_MS;
    if (rss <= c->rss_cap) continue;
    c->over_memory = 1;
    kill(-c->pid, SIGKILL);
    // Descendants that left the group; pids are not reused within these microseconds.
    for (int k = 1; k < n; k++) kill(list[k], SIGKILL);
  }
}

// poll()'s timeout in ms: until the next sample is due, -1 when nothing is watched.
static int watch_timeout(void) {
  int64_t next = INT64_MAX;
  for (int i = 0; i < MAX_CHILDREN; i++) {
    Child *c = &children[i];
    if (c->used && c->rss_cap && !c->over_memory && c->next_sample < next) next = c->next_sample;
  }
  if (next == INT64_MAX) return -1;
  int64_t wait = next - now_ms();
  return wait <= 0 ? 0 : (int)wait;
}

static void reap(void) {
  for (;;) {
    int status;
    struct rusage ru;
    pid_t pid = wait4(-1, &status, WNOHANG, &ru);
    if (pid <= 0) return;
    Child *c = find_pid(pid);
    if (c) finish(c, status, &ru);  // else an adopted grandchild: reaped, nothing to report
  }
}

static void kill_all(void) {
  for (int i = 0; i < MAX_CHILDREN; i++)
    if (children[i].used && !children[i].remover) kill(-children[i].pid, SIGKILL);
}

static void handle_requests(void) {
  size_t off = 0;
  while (inlen - off >= 4) {
    uint32_t len;
    memcpy(&len, inbuf + off, 4);
    if (inlen - off - 4 < len) break;
    const char *frame = inbuf + off + 4;
    if (len >= 5) {
      uint32_t id;
      memcpy(&id, frame + 1, 4);
      Child *c;
      switch (frame[0]) {
        case 'S': spawn_child(id, frame + 5, frame + len); break;
        case 'K': if ((c = find_id(id)) && !c->remover) kill(-c->pid, SIGKILL); break;
        case 'A': kill_all(); break;
        case 'R': remove_tree(id, frame + 5, frame + len); break;
        case 'W': write_files(id, frame + 5, frame + len); break;
        case 'G': read_file(id, frame + 5, frame + len); break;
        case 'C': configure(frame + 5, frame + len); break;
      }
    }
    off += 4 + len;
  }
  memmove(inbuf, inbuf + off, inlen - off);
  inlen -= off;
}

#ifdef WITH_QPDF
// True when `qpdf` on PATH is the library linked here ("qpdf version X" on its
// first line, X = qpdf_get_qpdf_version()): then running the job in-process is
// running the same code.
static int check_qpdf(void) {
  const char *mode = getenv("SPAWN_HELPER_QPDF");
  if (mode && strcmp(mode, "exec") == 0) return 0;
  int p[2];
  if (pipe(p) < 0) return 0;
  pid_t pid = fork();
  if (pid == 0) {
    dup2(p[1], 1);
    int devnull = open("/dev/null", O_RDWR);
    if (devnull >= 0) dup2(devnull, 2), dup2(devnull, 0);
    close_range(3, ~0U, 0);
    execlp("qpdf", "qpdf", "--version", (char *)NULL);
    _exit(127);
  }
  close(p[1]);
  char out[256] = {0};
  size_t len = 0;
  ssize_t n;
  while (pid > 0 && len < sizeof out - 1 && (n = read(p[0], out + len, sizeof out - 1 - len)) != 0) {
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) break;
    len += (size_t)n;
  }
  close(p[0]);
  int status = 1;
  if (pid > 0) waitpid(pid, &status, 0);
  char expected[128];
  snprintf(expected, sizeof expected, "qpdf version %s\n", qpdf_get_qpdf_version());
  return pid > 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0 && strncmp(out, expected, strlen(expected)) == 0;
}
#endif

// `spawn-helper exec FILE ARGS...`: runs one long-lived tool that the server
// starts itself because it needs more than stdio (Chromium's control pipe on
// fds 3 and 4), isolated as the helper's children are, and bound to the
// server's life: this process dies with its parent (SPAWN_HELPER_PARENT, the
// server's pid: a server already gone means exit at once), and the tool, PID
// 1 of its namespace, dies with this process, taking every process it
// started with it. Without namespaces the tool itself gets the parent-death
// signal. This process mirrors the tool's end (its exit code or its signal).
static int exec_tool(char **argv) {
  const char *parent = getenv("SPAWN_HELPER_PARENT");
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (parent && getppid() != (pid_t)atoi(parent)) return 127;
  probe_isolation();
  unsetenv("SPAWN_HELPER_PARENT");
  unsetenv("SPAWN_HELPER_ISOLATION");
  char cwd[PATH_MAX];
  if (isolation != ISOLATION_NAMESPACES || !getcwd(cwd, sizeof cwd)) {
    if (isolation == ISOLATION_NONE) fprintf(stderr, "spawn-helper: %s runs without isolation (%s)\n", argv[0], isolation_text);
    execvp(argv[0], argv);
    perror(argv[0]);
    return 127;
  }
  helper_pidfd = (int)syscall(SYS_pidfd_open, getpid(), 0);
  // Both in this process's group (the server's group kill reaches them) and
  // both with this process as parent (its death kills them).
  pid_t pid = fork_tool(MAX_CHILDREN);
  if (pid == 0) {
    die_with_helper();
    if (enter_isolation(cwd) < 0 || chdir(cwd) < 0 || drop_capabilities() < 0) {
      fprintf(stderr, "spawn-helper: %s: %s failed (%s)\n", argv[0], isolation_step, strerror(errno));
      _exit(127);
    }
    execvp(argv[0], argv);
    perror(argv[0]);
    _exit(127);
  }
  if (pid < 0) {
    perror("spawn-helper: fork");
    return 127;
  }
  // Only the tool holds the server's pipes: their EOF must mean the tool is gone.
  close_range(0, ~0U, 0);
  int status;
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) return 127;
  kill(last_init, SIGKILL);  // and with it whatever the tool left running
  if (WIFSIGNALED(status)) {
    signal(WTERMSIG(status), SIG_DFL);
    raise(WTERMSIG(status));
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : 127;
}

int main(int argc, char **argv) {
  if (argc > 2 && strcmp(argv[1], "exec") == 0) return exec_tool(argv + 2);
  signal(SIGPIPE, SIG_IGN);
  // Its own session: a SIGKILL of the server's process group (timeout(1),
  // shells, supervisors) must leave the helper alive to see EOF and kill
  // every tool group; it then exits.
  setsid();
  helper_pidfd = (int)syscall(SYS_pidfd_open, getpid(), 0);
  const char *nice_env = getenv("SPAWN_HELPER_NICE");
  if (nice_env) child_nice = atoi(nice_env);
#ifdef WITH_QPDF
  qpdf_in_process = check_qpdf();
#endif
  probe_isolation();
  reply('I', 0, isolation_text, (uint32_t)strlen(isolation_text));
  prctl(PR_SET_CHILD_SUBREAPER, 1);
  sigset_t chld;
  sigemptyset(&chld);
  sigaddset(&chld, SIGCHLD);
  sigprocmask(SIG_BLOCK, &chld, NULL);
  int sfd = signalfd(-1, &chld, SFD_CLOEXEC | SFD_NONBLOCK);
  if (sfd < 0) die("signalfd");
  set_nonblock(0);
  incap = 1 << 20;
  inbuf = malloc(incap);
  struct pollfd fds[2 + 2 * MAX_CHILDREN + MAX_CHILDREN];
  Child *owner[2 + 3 * MAX_CHILDREN];
  char kind[2 + 3 * MAX_CHILDREN];
  for (;;) {
    int n = 0;
    fds[n++] = (struct pollfd){0, POLLIN, 0};
    fds[n++] = (struct pollfd){sfd, POLLIN, 0};
    for (int i = 0; i < MAX_CHILDREN; i++) {
      Child *c = &children[i];
      if (!c->used) continue;
      if (c->out >= 0) owner[n] = c, kind[n] = 'O', fds[n++] = (struct pollfd){c->out, POLLIN, 0};
      if (c->err >= 0) owner[n] = c, kind[n] = 'E', fds[n++] = (struct pollfd){c->err, POLLIN, 0};
      if (c->in >= 0) owner[n] = c, kind[n] = 'I', fds[n++] = (struct pollfd){c->in, POLLOUT, 0};
    }
    if (poll(fds, n, watch_timeout()) < 0) {
      if (errno == EINTR) continue;
      die("poll");
    }
    for (int i = 2; i < n; i++) {
      if (!fds[i].revents) continue;
      Child *c = owner[i];
      if (!c->used) continue;
      if (kind[i] == 'O' && c->out == fds[i].fd) relay(c, &c->out, 'O');
      else if (kind[i] == 'E' && c->err == fds[i].fd) relay(c, &c->err, 'E');
      else if (kind[i] == 'I' && c->in == fds[i].fd) feed_stdin(c);
    }
    watch_sample();
    if (fds[1].revents) {
      struct signalfd_siginfo info;
      while (read(sfd, &info, sizeof info) > 0) {
      }
      reap();
    }
    if (fds[0].revents) {
      for (;;) {
        if (incap - inlen < READ_CHUNK) {
          incap *= 2;
          inbuf = realloc(inbuf, incap);
          if (!inbuf) die("realloc");
        }
        ssize_t r = read(0, inbuf + inlen, incap - inlen);
        if (r < 0 && errno == EINTR) continue;
        if (r < 0 && errno == EAGAIN) break;
        if (r <= 0) {
          // The server is gone: nothing may outlive it.
          kill_all();
          return 0;
        }
        inlen += (size_t)r;
      }
      handle_requests();
    }
  }
}
