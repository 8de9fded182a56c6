package io.linestore.s3;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.net.URI;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A stand-in for a distant S3 endpoint, for {@link S3LatencyProbe}: answers GETs of the files below
 * a directory (path-style, {@code /BUCKET/KEY} is {@code DIR/KEY}, any bucket) after a fixed delay,
 * with or without a {@code Range}, spending almost no CPU while it waits, as a server across a
 * network does. Where a real server shares the probe's cores, its CPU caps the throughput of many
 * readers; this one shows how far the reader and its HTTP client scale by themselves. No
 * authentication, no {@code If-Match} (the files do not change while it runs), HTTP/1.1 keep-alive,
 * one virtual thread per connection.
 */
final class DelayedS3 implements AutoCloseable {

    private final Path root;
    private final long delayMillis;
    private final ServerSocket socket;
    private final ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor();

    /**
     * Starts serving on a free port of 127.0.0.1.
     *
     * @param root the directory whose files are the objects
     * @param delayMillis how long each request waits before its answer
     * @throws IOException if no port can be opened
     */
    DelayedS3(Path root, long delayMillis) throws IOException {
        this.root = root;
        this.delayMillis = delayMillis;
        this.socket = new ServerSocket(0, 256, InetAddress.getLoopbackAddress());
        threads.submit(this::accept);
    }

    /**
     * The endpoint to give the client.
     *
     * @return {@code http://127.0.0.1:PORT}
     */
    URI endpoint() {
        return URI.create("http://127.0.0.1:" + socket.getLocalPort());
    }

    @Override
    public void close() throws IOException {
        socket.close();
        threads.shutdownNow();
    }

    private Void accept() throws IOException {
        while (true) {
            Socket connection;
            try {
                connection = socket.accept();
            } catch (SocketException closed) {
                return null;
            }
            connection.setTcpNoDelay(true);
            threads.submit(() -> serve(connection));
        }
    }

    private Void serve(Socket connection) throws IOException, InterruptedException {
        try (connection; InputStream in = new BufferedInputStream(connection.getInputStream());
                OutputStream out = new BufferedOutputStream(connection.getOutputStream())) {
            for (List<String> head = head(in); head != null; head = head(in)) {
                Thread.sleep(delayMillis);
                answer(head, out);
                out.flush();
            }
        }
        return null;
    }

    /** The request line and header lines of the next request (GETs have no body), or null at the end. */
    private static List<String> head(InputStream in) throws IOException {
        List<String> lines = new ArrayList<>();
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        for (int b = in.read(); b >= 0; b = in.read()) {
            if (b != '\n') {
                line.write(b);
                continue;
            }
            String text = line.toString(StandardCharsets.ISO_8859_1).strip();
            line.reset();
            if (text.isEmpty()) {
                return lines;
            }
            lines.add(text);
        }
        return null;
    }

    private void answer(List<String> head, OutputStream out) throws IOException {
        String path = head.getFirst().split(" ")[1].replaceFirst("\\?.*", "");
        Path file = root.resolve(path.substring(path.indexOf('/', 1) + 1));
        if (!head.getFirst().startsWith("GET ") || !Files.isRegularFile(file)) {
            byte[] body = "<Error><Code>NoSuchKey</Code></Error>".getBytes(StandardCharsets.UTF_8);
            out.write(("HTTP/1.1 404 Not Found\r\nContent-Type: application/xml\r\nContent-Length: " + body.length
                    + "\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
            out.write(body);
            return;
        }
        try (FileChannel channel = FileChannel.open(file)) {
            long size = channel.size();
            String eTag = String.format(Locale.ROOT, "\"%x-%x\"", size, Files.getLastModifiedTime(file).toMillis());
            String range = head.stream().filter(h -> h.regionMatches(true, 0, "Range:", 0, 6))
                    .map(h -> h.substring(h.indexOf('=') + 1).strip()).findFirst().orElse(null);
            long from = range == null ? 0 : Long.parseLong(range.substring(0, range.indexOf('-')));
            long to = range == null ? size : Math.min(size, Long.parseLong(range.substring(range.indexOf('-') + 1)) + 1);
            if (from >= size && range != null) {
                out.write(("HTTP/1.1 416 Range Not Satisfiable\r\nContent-Range: bytes */" + size
                        + "\r\nContent-Length: 0\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
                return;
            }
            String status = range == null ? "200 OK" : "206 Partial Content\r\nContent-Range: bytes " + from + "-"
                    + (to - 1) + "/" + size;
            out.write(("HTTP/1.1 " + status + "\r\nETag: " + eTag + "\r\nContent-Type: application/octet-stream"
                    + "\r\nContent-Length: " + (to - from) + "\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
            channel.transferTo(from, to - from, Channels.newChannel(out));
        }
    }
}
