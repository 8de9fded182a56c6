package io.linestore.s3;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.BugDetectors;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * A web server's answer to a range request, whatever its status, headers and body, is either refused
 * with an {@link S3StoreException} naming the file, or read as the range asked for: {@code min(to,
 * size) - from} bytes, the answer's own body bytes where it has a plain body (no transfer encoding),
 * of a file at least that long (no bytes only for an empty file sent whole); {@code null} only for a
 * 412, and "past the end" only for a 416. Never another exception or a hang.
 *
 * <p>An input is the range's first byte and its length less one (one byte each), the status (two
 * bytes, big-endian, modulo 600), then header lines ({@code Name: value}, one per line; a line without
 * a colon or with control characters is dropped), a blank line and the body. The server sends them as
 * a well-formed answer and closes the connection: what is fuzzed is how linestore takes the answer,
 * not how the JDK parses HTTP.
 */
class HttpAnswerFuzzTest {

    private static final String KEY = "dir/lines.txt";

    private static final ServerSocket SERVER = listen();
    private static volatile byte[] answer = new byte[0];

    @FuzzTest(maxDuration = "10m")
    void aRangeAnswerReadsAsTheRangeAskedForOrIsRefusedNamingTheFile(byte[] input) {
        // The test's own server, and wherever an answer redirects to: connections are what it tests.
        BugDetectors.allowNetworkConnections();
        if (input.length < 4) {
            return;
        }
        long from = Byte.toUnsignedInt(input[0]);
        long to = from + 1 + Byte.toUnsignedInt(input[1]);
        int status = (Byte.toUnsignedInt(input[2]) << 8 | Byte.toUnsignedInt(input[3])) % 600;
        String text = new String(input, 4, input.length - 4, StandardCharsets.ISO_8859_1);
        int blank = text.indexOf("\n\n");
        List<String> headers = (blank < 0 ? text : text.substring(0, blank)).lines()
                .filter(line -> line.indexOf(':') > 0 && line.chars().allMatch(c -> c >= 0x20 && c < 0x7f))
                .toList();
        byte[] body = blank < 0 ? new byte[0] : Arrays.copyOfRange(input, 4 + blank + 2, input.length);
        StringBuilder head = new StringBuilder("HTTP/1.1 ").append(status).append(" Fuzzed\r\n");
        headers.forEach(line -> head.append(line).append("\r\n"));
        byte[] headBytes = head.append("\r\n").toString().getBytes(StandardCharsets.ISO_8859_1);
        byte[] sent = Arrays.copyOf(headBytes, headBytes.length + body.length);
        System.arraycopy(body, 0, sent, headBytes.length, body.length);
        answer = sent;

        HttpObjects server = new HttpObjects("http", Duration.ofSeconds(2), Duration.ofSeconds(2), 0, null);
        ObjectReads.Range range;
        try {
            range = server.getRange("127.0.0.1:" + SERVER.getLocalPort(), KEY, from, to, null);
        } catch (S3StoreException e) {
            assertThat(e.getMessage()).contains(KEY);
            return;
        }
        if (range == null) {
            assertThat(status).as("the status of an answer taken for \"changed\"").isEqualTo(412);
            return;
        }
        if (range.objectSize() == ObjectReads.Range.SHORTER) {
            assertThat(status).as("the status of an answer taken for \"past the end\"").isEqualTo(416);
            return;
        }
        assertThat(status).as("the status of an answer taken for bytes").isIn(200, 206);
        assertThat((long) range.bytes().length).isEqualTo(Math.max(0, Math.min(to, range.objectSize()) - from));
        assertThat(range.objectSize()).isGreaterThanOrEqualTo(from + range.bytes().length);
        assertThat(range.bytes().length > 0 || from == 0 && range.objectSize() == 0).as("bytes or an empty file")
                .isTrue();
        if (headers.stream().noneMatch(line -> line.toLowerCase(Locale.ROOT).startsWith("transfer-encoding"))) {
            assertThat(range.bytes()).as("the answer's body")
                    .isEqualTo(Arrays.copyOf(body, Math.min(body.length, range.bytes().length)));
        }
    }

    /** A server on a free port that answers every connection with {@link #answer}, then closes it. */
    private static ServerSocket listen() {
        try {
            ServerSocket socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
            Thread.ofPlatform().daemon().name("fuzzed-answers").start(() -> {
                while (!socket.isClosed()) {
                    try (Socket connection = socket.accept()) {
                        readRequest(connection.getInputStream());
                        OutputStream out = connection.getOutputStream();
                        out.write(answer);
                        out.flush();
                        connection.shutdownOutput();
                    } catch (IOException e) {
                        // The client gave up on this connection; the next one gets the next answer.
                    }
                }
            });
            return socket;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Reads a request's head, up to its blank line. */
    private static void readRequest(InputStream in) throws IOException {
        int matched = 0;
        for (int b; matched < 4 && (b = in.read()) >= 0; ) {
            matched = b == "\r\n\r\n".charAt(matched) ? matched + 1 : b == '\r' ? 1 : 0;
        }
    }
}
