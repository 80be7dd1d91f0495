// SPDX-License-Identifier: MIT
/*
 * The command socket (command-socket.h): connections read without blocking, split into lines, each run by the
 * compositor's control.
 */
#define _POSIX_C_SOURCE 200809L
#define WLR_USE_UNSTABLE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>
#include <wlr/util/log.h>

#include "command-socket.h"

/* Enough for the tests, the demo and a person at once; more would let connections use up the descriptors that
 * Wayland clients need. */
#define MAX_CONNECTIONS 32

struct command_socket {
	struct wl_event_loop *loop;
	char *path;
	char *program;
	command_runner run;
	void *data;
	int fd;
	struct wl_event_source *source;
	struct wl_list connections;
	int spare_fd; /* kept for refusing a connection when the process has run out of descriptors */
};

struct command_connection {
	struct wl_list link;
	struct command_socket *socket;
	int fd;
	struct wl_event_source *source; /* NULL once the other end stopped writing, while it waits for an answer */
	bool waiting;
	char buffer[1024];
	size_t length;
};

/* Answers without ever blocking the compositor or dying of SIGPIPE: a reader that went away or does not read
 * loses the answer. */
void command_reply(struct command_connection *connection, const char *text) {
	size_t length = strlen(text);
	if (connection && send(connection->fd, text, length, MSG_NOSIGNAL | MSG_DONTWAIT) != (ssize_t)length)
		wlr_log(WLR_ERROR, "control: an answer was lost: %s", strerror(errno));
}

void command_wait(struct command_connection *connection) {
	connection->waiting = true;
}

static void close_connection(struct command_connection *connection) {
	wl_list_remove(&connection->link);
	if (connection->source)
		wl_event_source_remove(connection->source);
	close(connection->fd);
	free(connection);
}

void command_socket_answer_waiting(struct command_socket *socket, const char *text) {
	if (!socket)
		return;
	struct command_connection *connection, *next;
	wl_list_for_each_safe(connection, next, &socket->connections, link) {
		if (!connection->waiting)
			continue;
		connection->waiting = false;
		command_reply(connection, text);
		if (!connection->source)
			close_connection(connection);
	}
}

/* Runs the complete lines read so far; false when the connection had to go. A line with a NUL byte is refused
 * whole: the commands are text, and C string functions would read only its start. */
static bool run_lines(struct command_connection *connection) {
	char *line = connection->buffer, *newline;
	while ((newline = memchr(line, '\n', connection->length))) {
		*newline = '\0';
		if (memchr(line, '\0', (size_t)(newline - line)))
			command_reply(connection, "error: a command must not contain a NUL byte\n");
		else
			connection->socket->run(connection, line, connection->socket->data);
		connection->length -= (size_t)(newline + 1 - line);
		memmove(line, newline + 1, connection->length);
	}
	if (connection->length == sizeof connection->buffer) {
		command_reply(connection, "error: line too long\n");
		close_connection(connection);
		return false;
	}
	return true;
}

/* Reads what there is (the socket does not block), runs each complete line, and at the end of the stream closes
 * the connection, or keeps it for the answer it waits for. */
static int connection_readable(int fd, uint32_t mask, void *data) {
	(void)mask;
	struct command_connection *connection = data;
	ssize_t count;
	while ((count = read(fd, connection->buffer + connection->length,
	                     sizeof connection->buffer - connection->length)) > 0) {
		connection->length += (size_t)count;
		if (!run_lines(connection))
			return 0;
	}
	if (count < 0 && (errno == EAGAIN || errno == EINTR))
		return 0;
	if (connection->waiting) {
		wl_event_source_remove(connection->source);
		connection->source = NULL;
	} else {
		close_connection(connection);
	}
	return 0;
}

/* Accepts a connection only to tell it why it cannot stay: a connection left waiting would keep the listening socket
 * readable, and the event loop would call socket_acceptable again and again. */
static void refuse(int client, const char *reason) {
	send(client, reason, strlen(reason), MSG_NOSIGNAL | MSG_DONTWAIT);
	close(client);
}

static void refuse_for_descriptors(struct command_socket *socket, int client) {
	char reason[256];
	snprintf(reason, sizeof reason, "error: %s has run out of file descriptors\n", socket->program);
	refuse(client, reason);
}

static int socket_acceptable(int fd, uint32_t mask, void *data) {
	(void)mask;
	struct command_socket *socket = data;
	int client = accept(fd, NULL, NULL);
	if (client < 0 && errno == EMFILE && socket->spare_fd >= 0) {
		/* Out of descriptors: the spare one lets the connection in to be refused. */
		close(socket->spare_fd);
		client = accept(fd, NULL, NULL);
		if (client >= 0)
			refuse_for_descriptors(socket, client);
		socket->spare_fd = open("/dev/null", O_RDONLY | O_CLOEXEC);
		return 0;
	}
	if (client < 0)
		return 0;
	if (wl_list_length(&socket->connections) >= MAX_CONNECTIONS) {
		refuse(client, "error: too many control connections\n");
		return 0;
	}
	fcntl(client, F_SETFD, FD_CLOEXEC);
	fcntl(client, F_SETFL, O_NONBLOCK);
	struct command_connection *connection = calloc(1, sizeof *connection);
	connection->socket = socket;
	connection->fd = client;
	/* The event loop keeps a duplicate of the descriptor: that one can be the one too many. */
	connection->source = wl_event_loop_add_fd(socket->loop, client, WL_EVENT_READABLE, connection_readable, connection);
	if (!connection->source) {
		refuse_for_descriptors(socket, client);
		free(connection);
		return 0;
	}
	wl_list_insert(&socket->connections, &connection->link);
	return 0;
}

struct command_socket *command_socket_listen(struct wl_event_loop *loop, const char *path, const char *program,
                                             command_runner run, void *data) {
	struct sockaddr_un address = {.sun_family = AF_UNIX};
	if (strlen(path) >= sizeof address.sun_path) {
		errno = ENAMETOOLONG;
		return NULL;
	}
	strcpy(address.sun_path, path);
	unlink(path);
	int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return NULL;
	if (bind(fd, (struct sockaddr *)&address, sizeof address) < 0 || listen(fd, 4) < 0) {
		int error = errno;
		close(fd);
		errno = error;
		return NULL;
	}
	struct command_socket *socket = calloc(1, sizeof *socket);
	*socket = (struct command_socket){
		.loop = loop, .path = strdup(path), .program = strdup(program), .run = run, .data = data, .fd = fd,
		.spare_fd = open("/dev/null", O_RDONLY | O_CLOEXEC),
	};
	wl_list_init(&socket->connections);
	socket->source = wl_event_loop_add_fd(loop, fd, WL_EVENT_READABLE, socket_acceptable, socket);
	return socket;
}

void command_socket_destroy(struct command_socket *socket) {
	if (!socket)
		return;
	struct command_connection *connection, *next;
	wl_list_for_each_safe(connection, next, &socket->connections, link)
		close_connection(connection);
	wl_event_source_remove(socket->source);
	close(socket->fd);
	if (socket->spare_fd >= 0)
		close(socket->spare_fd);
	unlink(socket->path);
	free(socket->path);
	free(socket->program);
	free(socket);
}
