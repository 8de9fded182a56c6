package io.linestore.s3;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * A small file server for tests and measurements, as static file servers and object storage
 * behave: GET and HEAD of the files below a folder, one {@code Range: bytes=a-b} per request (206
 * with {@code Content-Range}, 416 past the end), a strong ETag from each file's size and modification
 * time and the time as {@code Last-Modified}, {@code If-Match} (412), {@code If-None-Match} (304), kept-alive connections, one virtual thread per connection. Over HTTPS
 * with a self-signed certificate made by the JDK's {@code keytool} for 127.0.0.1 ({@link #trust()}
 * is a context that trusts it, {@link #keyStore()} a trust store for {@code -Djavax.net.ssl.trustStore}),
 * or plain HTTP. It can take the first part of each path for an S3 bucket (path-style, any bucket;
 * a missing file is S3's {@code NoSuchKey}, and requests are not authenticated), answer each request
 * after a delay without using CPU (as a distant server), ignore ranges (as some servers do), send no
 * ETags (only {@code Last-Modified}, honouring {@code If-Unmodified-Since}), answer other ranges
 * than asked for, send bodies one byte a second, or cut the next bodies half way. It counts requests.
 * Shared with the command line's tests by this module's test jar.
 */
public final class RangeServer implements AutoCloseable {

    /** The password of {@link #keyStore()}. */
    public static final String PASSWORD = "changeit";

    private static final Pattern RANGE = Pattern.compile("bytes=(\\d+)-(\\d*)");

    private final Path root;
    private final ServerSocket socket;
    private final SSLContext tls;
    private final Path keyStore;
    private final ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor();
    private final AtomicInteger requests = new AtomicInteger();
    private final AtomicInteger notModified = new AtomicInteger();
    private volatile boolean ignoreRanges;
    private volatile boolean withoutETags;
    private volatile boolean shiftRanges;
    private volatile boolean bucketPaths;
    private volatile boolean trickle;
    private final AtomicInteger cuts = new AtomicInteger();
    private volatile long delayMillis;

    private RangeServer(Path root, ServerSocket socket, SSLContext tls, Path keyStore) {
        this.root = root;
        this.socket = socket;
        this.tls = tls;
        this.keyStore = keyStore;
        threads.submit(this::accept);
    }

    /**
     * Serves a folder over plain HTTP on a free port of 127.0.0.1.
     *
     * @param root the folder served
     * @return the running server
     * @throws IOException if no port can be opened
     */
    public static RangeServer http(Path root) throws IOException {
        return new RangeServer(root, new ServerSocket(0, 256, InetAddress.getLoopbackAddress()), null, null);
    }

    /**
     * Serves a folder over HTTPS on a free port of 127.0.0.1, with a new self-signed certificate.
     *
     * @param root the folder served
     * @param work a folder for the key store
     * @return the running server
     * @throws Exception if the certificate cannot be made or the port opened
     */
    public static RangeServer https(Path root, Path work) throws Exception {
        Path keyStore = work.resolve("server.p12");
        Process keytool = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
                "-genkeypair", "-alias", "server", "-keyalg", "EC", "-groupname", "secp256r1", "-dname", "CN=127.0.0.1",
                "-ext", "SAN=ip:127.0.0.1,dns:localhost", "-validity", "2", "-storetype", "PKCS12",
                "-keystore", keyStore.toString(), "-storepass", PASSWORD, "-keypass", PASSWORD)
                .redirectErrorStream(true).start();
        String output = new String(keytool.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (keytool.waitFor() != 0) {
            throw new IllegalStateException("keytool failed: " + output);
        }
        KeyStore keys = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(keyStore)) {
            keys.load(in, PASSWORD.toCharArray());
        }
        KeyManagerFactory keyManagers = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        keyManagers.init(keys, PASSWORD.toCharArray());
        TrustManagerFactory trustManagers = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        trustManagers.init(keys);
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(keyManagers.getKeyManagers(), trustManagers.getTrustManagers(), null);
        return new RangeServer(root, context.getServerSocketFactory().createServerSocket(0, 256,
                InetAddress.getLoopbackAddress()), context, keyStore);
    }

    /**
     * The base URL.
     *
     * @return {@code https://127.0.0.1:PORT} (or {@code http://}), without a trailing slash
     */
    public String url() {
        return (tls != null ? "https" : "http") + "://127.0.0.1:" + socket.getLocalPort();
    }

    /**
     * The base URL as an S3 endpoint.
     *
     * @return {@link #url()} as a URI
     */
    public URI endpoint() {
        return URI.create(url());
    }

    /**
     * A TLS context that trusts this server's certificate.
     *
     * @return the context (being the server's, it holds its key too); {@code null} for plain HTTP
     */
    public SSLContext trust() {
        return tls;
    }

    /**
     * The certificate's key store, PKCS12, password {@link #PASSWORD}.
     *
     * @return a trust store that trusts this server; {@code null} for plain HTTP
     */
    public Path keyStore() {
        return keyStore;
    }

    /**
     * Counts requests.
     *
     * @return the requests answered so far
     */
    public int requests() {
        return requests.get();
    }

    /**
     * Counts the answers that a file is unchanged (304, to {@code If-None-Match}).
     *
     * @return the answers so far
     */
    public int notModified() {
        return notModified.get();
    }

    /**
     * Makes the server answer range requests with the whole file, status 200, as some servers do.
     *
     * @param ignore whether to ignore ranges
     */
    public void ignoreRanges(boolean ignore) {
        ignoreRanges = ignore;
    }

    /**
     * Makes the server send no ETag, only {@code Last-Modified}, and honour {@code If-Unmodified-Since},
     * as some static file servers do.
     *
     * @param without whether to leave ETags out
     */
    public void withoutETags(boolean without) {
        withoutETags = without;
    }

    /**
     * Makes the server answer a range request not starting at 0 with the range one byte earlier, as
     * a faulty cache in between might; {@code Content-Range} says so.
     *
     * @param shift whether to shift ranges
     */
    public void shiftRanges(boolean shift) {
        shiftRanges = shift;
    }

    /**
     * Makes the server take the first part of each path for an S3 bucket, of any name: {@code
     * /BUCKET/KEY} is the file {@code KEY} below the folder.
     *
     * @param buckets whether paths start with a bucket
     * @return this server
     */
    public RangeServer bucketPaths(boolean buckets) {
        bucketPaths = buckets;
        return this;
    }

    /**
     * Makes the server wait before each answer, spending no CPU, as a server across a network does.
     *
     * @param millis the wait
     * @return this server
     */
    public RangeServer delay(long millis) {
        delayMillis = millis;
        return this;
    }

    /**
     * Makes the server send each answer's body one byte a second, as a server at the end of a failing
     * link does: every read of the client gets a byte before its timeout. Turned off, answers being
     * trickled send the rest at once.
     *
     * @param trickling whether to trickle bodies
     */
    public void trickle(boolean trickling) {
        trickle = trickling;
    }

    /**
     * Makes the server send only the first half of each of the next answers' bodies and then close
     * their connections, as connections lost in the middle of an answer.
     *
     * @param count how many answers to cut
     */
    public void cutBodies(int count) {
        cuts.set(count);
    }

    private void accept() {
        while (!socket.isClosed()) {
            try {
                Socket client = socket.accept();
                client.setTcpNoDelay(true);
                threads.submit(() -> serve(client));
            } catch (IOException e) {
                return;
            }
        }
    }

    private void serve(Socket client) {
        try (client; InputStream in = new BufferedInputStream(client.getInputStream());
                OutputStream out = new BufferedOutputStream(client.getOutputStream(), 1 << 16)) {
            while (true) {
                String requestLine = line(in);
                if (requestLine == null || requestLine.isEmpty()) {
                    return;
                }
                Map<String, String> headers = new HashMap<>();
                for (String header = line(in); header != null && !header.isEmpty(); header = line(in)) {
                    int colon = header.indexOf(':');
                    headers.put(header.substring(0, colon).strip().toLowerCase(Locale.ROOT),
                            header.substring(colon + 1).strip());
                }
                requests.incrementAndGet();
                if (delayMillis > 0) {
                    Thread.sleep(delayMillis);
                }
                String[] parts = requestLine.split(" ");
                answer(parts[0], parts[1], headers, out);
                // Each answer is flushed whole: no header waiting for a delayed acknowledgement.
                out.flush();
            }
        } catch (IOException | InterruptedException e) {
            // The client went, or the server closes: nothing to answer.
        }
    }

    private void answer(String method, String target, Map<String, String> headers, OutputStream out)
            throws IOException {
        boolean head = method.equals("HEAD");
        String path = URLDecoder.decode(target.replaceFirst("\\?.*", "").substring(1), StandardCharsets.UTF_8);
        if (bucketPaths) {
            path = path.substring(path.indexOf('/') + 1);
        }
        Path file = root.resolve(path).normalize();
        if (!file.startsWith(root) || !Files.isRegularFile(file) || !(head || method.equals("GET"))) {
            byte[] body = "<Error><Code>NoSuchKey</Code></Error>".getBytes(StandardCharsets.UTF_8);
            respond(out, 404, "Not Found", Map.of("Content-Type", "application/xml"), body, null, 0, body.length,
                    head);
            return;
        }
        try (FileChannel channel = FileChannel.open(file)) {
            long size = channel.size();
            long modified = Files.getLastModifiedTime(file).toMillis();
            String eTag = "\"" + Long.toHexString(size) + "-" + Long.toHexString(modified) + "\"";
            String lastModified = DateTimeFormatter.RFC_1123_DATE_TIME.format(
                    Instant.ofEpochMilli(modified).atZone(ZoneOffset.UTC));
            Map<String, String> version = new HashMap<>(withoutETags ? Map.of("Last-Modified", lastModified)
                    : Map.of("ETag", eTag, "Last-Modified", lastModified));
            String ifMatch = headers.get("if-match");
            String ifUnmodifiedSince = headers.get("if-unmodified-since");
            if ((ifMatch != null && !ifMatch.equals(eTag)) || (ifUnmodifiedSince != null && modified / 1000
                    > ZonedDateTime.parse(ifUnmodifiedSince, DateTimeFormatter.RFC_1123_DATE_TIME).toEpochSecond())) {
                respond(out, 412, "Precondition Failed", version, new byte[0], null, 0, 0, head);
                return;
            }
            if (!withoutETags && eTag.equals(headers.get("if-none-match"))) {
                notModified.incrementAndGet();
                respond(out, 304, "Not Modified", version, null, null, 0, 0, true);
                return;
            }
            String range = headers.get("range");
            if (range == null || ignoreRanges) {
                respond(out, 200, "OK", version, null, channel, 0, size, head);
                return;
            }
            Matcher m = RANGE.matcher(range);
            if (!m.matches()) {
                respond(out, 400, "Bad Request", Map.of(), new byte[0], null, 0, 0, head);
                return;
            }
            long from = Long.parseLong(m.group(1));
            if (shiftRanges && from > 0) {
                from--;
            }
            long last = m.group(2).isEmpty() ? size - 1 : Math.min(size - 1, Long.parseLong(m.group(2)));
            if (from >= size) {
                respond(out, 416, "Range Not Satisfiable", Map.of("Content-Range", "bytes */" + size), new byte[0],
                        null, 0, 0, head);
                return;
            }
            version.put("Content-Range", "bytes " + from + "-" + last + "/" + size);
            respond(out, 206, "Partial Content", version, null, channel, from, last + 1 - from, head);
        }
    }

    /** Writes an answer whose body is {@code body}, or else {@code length} bytes of {@code file} from {@code from}. */
    private void respond(OutputStream out, int status, String reason, Map<String, String> headers, byte[] body,
            FileChannel file, long from, long length, boolean head) throws IOException {
        StringBuilder answer = new StringBuilder("HTTP/1.1 ").append(status).append(' ').append(reason).append("\r\n");
        headers.forEach((name, value) -> answer.append(name).append(": ").append(value).append("\r\n"));
        answer.append("Content-Length: ").append(body != null ? body.length : length).append("\r\n\r\n");
        out.write(answer.toString().getBytes(StandardCharsets.ISO_8859_1));
        if (head) {
            return;
        }
        boolean cut = (body != null ? body.length : length) > 1 && cuts.getAndUpdate(n -> Math.max(0, n - 1)) > 0;
        if (cut || trickle) {
            slowly(out, body != null ? body : bytes(file, from, length), cut);
        } else if (body != null) {
            out.write(body);
        } else {
            file.transferTo(from, length, Channels.newChannel(out));
        }
    }

    /** Sends a body one byte a second, or its first half and then no more (closing the connection). */
    private void slowly(OutputStream out, byte[] body, boolean cut) throws IOException {
        out.flush();
        if (cut) {
            out.write(body, 0, body.length / 2);
            out.flush();
            throw new IOException("the answer is cut");
        }
        for (int i = 0; i < body.length; i++) {
            if (!trickle) {
                // Told to stop trickling: the rest at once.
                out.write(body, i, body.length - i);
                return;
            }
            out.write(body[i]);
            out.flush();
            try {
                Thread.sleep(1_000);
            } catch (InterruptedException e) {
                throw new IOException("the server closes", e);
            }
        }
    }

    private static byte[] bytes(FileChannel file, long from, long length) throws IOException {
        ByteBuffer bytes = ByteBuffer.allocate(Math.toIntExact(length));
        while (bytes.hasRemaining()) {
            if (file.read(bytes, from + bytes.position()) < 0) {
                throw new IOException("the file ends before byte " + (from + length));
            }
        }
        return bytes.array();
    }

    /** One header line without its CRLF; {@code null} at the end of the stream. */
    private static String line(InputStream in) throws IOException {
        StringBuilder line = new StringBuilder();
        for (int b = in.read(); b != '\n'; b = in.read()) {
            if (b < 0) {
                return line.isEmpty() ? null : line.toString();
            }
            if (b != '\r') {
                line.append((char) b);
            }
        }
        return line.toString();
    }

    @Override
    public void close() throws IOException {
        socket.close();
        threads.shutdownNow();
    }
}
