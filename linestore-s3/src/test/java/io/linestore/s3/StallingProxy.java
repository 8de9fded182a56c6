package io.linestore.s3;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A TCP proxy on 127.0.0.1 in front of a server that stops taking what a client sends once it has
 * passed on the first {@code limit} bytes of a connection: an upload larger than that stalls as
 * with a server that stops reading it, while smaller requests and every answer pass. The proxy's
 * receive buffer is small, so the client's writes block soon after. Close it to drop every
 * connection.
 */
final class StallingProxy implements AutoCloseable {

    private final ServerSocket socket;
    private final URI target;
    private final long limit;
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    private final AtomicInteger stalled = new AtomicInteger();

    /**
     * Starts the proxy.
     *
     * @param target the server, {@code http://HOST:PORT}
     * @param limit the bytes of each connection passed on before the proxy takes no more
     * @throws IOException if no port can be opened
     */
    StallingProxy(URI target, long limit) throws IOException {
        this.target = target;
        this.limit = limit;
        socket = new ServerSocket();
        // Set before binding, so that accepted connections advertise a small window from the start.
        socket.setReceiveBufferSize(64 << 10);
        socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        Thread.ofVirtual().start(this::accept);
    }

    /**
     * The proxy's address as an endpoint.
     *
     * @return {@code http://127.0.0.1:PORT}
     */
    URI endpoint() {
        return URI.create("http://127.0.0.1:" + socket.getLocalPort());
    }

    /**
     * Counts the connections whose client sent more than the limit.
     *
     * @return the connections stalled so far
     */
    int stalled() {
        return stalled.get();
    }

    private void accept() {
        while (!socket.isClosed()) {
            try {
                Socket client = socket.accept();
                Socket server = new Socket(target.getHost(), target.getPort());
                sockets.add(client);
                sockets.add(server);
                Thread.ofVirtual().start(() -> {
                    if (pass(client, server, limit)) {
                        stalled.incrementAndGet();
                    }
                });
                Thread.ofVirtual().start(() -> pass(server, client, Long.MAX_VALUE));
            } catch (IOException e) {
                return;
            }
        }
    }

    /**
     * Copies up to {@code most} bytes from one socket to the other, then reads no more of it.
     *
     * @return whether it stopped at {@code most}, not at the end of the stream or a closed socket
     */
    private static boolean pass(Socket from, Socket to, long most) {
        byte[] buffer = new byte[8 << 10];
        try {
            InputStream in = from.getInputStream();
            OutputStream out = to.getOutputStream();
            for (long passed = 0; passed < most; ) {
                int n = in.read(buffer, 0, (int) Math.min(buffer.length, most - passed));
                if (n < 0) {
                    to.shutdownOutput();
                    return false;
                }
                out.write(buffer, 0, n);
                passed += n;
            }
            return true;
        } catch (IOException e) {
            // A side closed: the other learns of it when the proxy closes.
            return false;
        }
    }

    @Override
    public void close() throws IOException {
        socket.close();
        for (Socket open : sockets) {
            open.close();
        }
    }
}
