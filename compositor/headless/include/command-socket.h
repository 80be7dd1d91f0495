// SPDX-License-Identifier: MIT
/*
 * A command socket (command-socket.c): a Unix socket on which tests, demos and people drive a headless compositor
 * with a line of text per command, answered with lines of text. The socket knows nothing of the commands: a compositor's
 * control runs each line and answers through command_reply. It never blocks the compositor, and a misbehaving peer
 * (a line too long, a NUL byte, too many connections, a reader that went away) costs that peer alone.
 */
#ifndef COMMAND_SOCKET_H
#define COMMAND_SOCKET_H

#include <stdbool.h>
#include <wayland-server-core.h>

#ifdef __cplusplus
extern "C" {
#endif

struct command_socket;
struct command_connection;

/* Runs one command line (its newline removed, no NUL byte in it) that connection sent. */
typedef void (*command_runner)(struct command_connection *connection, char *line, void *data);

/* Listens at path (a stale socket there is replaced) on the event loop; NULL when it cannot (errno says why).
 * program names the compositor in the errors the socket itself answers. */
struct command_socket *command_socket_listen(struct wl_event_loop *loop, const char *path, const char *program,
                                             command_runner run, void *data);

/* Answers the connection; an answer its reader does not take (gone, or not reading) is lost and logged. */
void command_reply(struct command_connection *connection, const char *text);

/* The connection waits for a later answer (a replay's "done"): it stays open when its peer stops writing, until
 * command_socket_answer_waiting. */
void command_wait(struct command_connection *connection);

/* Answers text to every waiting connection, and closes those whose peers stopped writing. NULL is ignored. */
void command_socket_answer_waiting(struct command_socket *socket, const char *text);

/* Closes the connections and the socket, and removes it from the file system. NULL is ignored. */
void command_socket_destroy(struct command_socket *socket);

#ifdef __cplusplus
}
#endif

#endif
