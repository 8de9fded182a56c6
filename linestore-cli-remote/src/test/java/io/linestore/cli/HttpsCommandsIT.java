package io.linestore.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.linestore.IndexOptions;
import io.linestore.LineStores;
import io.linestore.s3.PrintedLines;
import io.linestore.s3.RangeServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code linestore read}, {@code info} and {@code verify} of a file on an HTTPS server, indexed
 * locally and served with its sidecar, through the launcher: reads print what {@code sed -n} prints,
 * 1,000 random requests through {@code --ranges -} in one process print what the file's lines are;
 * a server that ignores ranges is an error of one line, exit 1; a presigned URL is read with its
 * index given by {@code --index}. The server's certificate is trusted
 * through {@code LINESTORE_JAVA_OPTS}, as a user trusts a private certificate authority.
 */
class HttpsCommandsIT {

    private static final Path LAUNCHER = Path.of(System.getProperty("linestore.launcher"));
    private static final int LINES = 30_000;

    @TempDir
    static Path tmp;

    private static RangeServer server;
    private static Path file;
    private static List<byte[]> lines;
    private static Map<String, String> env;

    @BeforeAll
    static void serve() throws Exception {
        Path served = Files.createDirectories(tmp.resolve("www"));
        StringBuilder text = new StringBuilder();
        Random random = new Random(17);
        for (int i = 0; i < LINES; i++) {
            text.append("{\"n\": ").append(i).append(", \"text\": \"").append("é∑x".repeat(random.nextInt(20)))
                    .append("\"}\n");
        }
        byte[] bytes = text.toString().getBytes(StandardCharsets.UTF_8);
        file = Files.write(served.resolve("events.jsonl"), bytes);
        LineStores.index(file, IndexOptions.defaults());
        lines = PrintedLines.split(bytes);
        server = RangeServer.https(served, tmp);
        env = Map.of("LINESTORE_BUILD", "never", "LINESTORE_AOT", "off", "LINESTORE_JAVA_OPTS",
                "-Djavax.net.ssl.trustStore=" + server.keyStore() + " -Djavax.net.ssl.trustStorePassword="
                        + RangeServer.PASSWORD + " -Djavax.net.ssl.trustStoreType=PKCS12");
    }

    @AfterAll
    static void stop() throws IOException {
        server.close();
    }

    @Test
    void readInfoAndVerifyOfAServedFilePrintWhatTheLocalFileHolds() throws Exception {
        String url = server.url() + "/events.jsonl";
        ProcessRun read = run(Path.of("/dev/null"), "read", url, Long.toString(LINES - 3), "10");
        assertThat(read.stderr()).isEmpty();
        assertThat(read.exitCode()).isZero();
        assertThat(read.stdout()).isEqualTo(PrintedLines.sed(file, LINES - 3, 10));
        ProcessRun info = run(Path.of("/dev/null"), "info", url);
        assertThat(info.exitCode()).as(info.stderr()).isZero();
        assertThat(new String(info.stdout(), StandardCharsets.UTF_8)).contains(String.format("%,d", LINES));
        ProcessRun verify = run(Path.of("/dev/null"), "verify", url);
        assertThat(verify.exitCode()).as(verify.stderr()).isZero();
    }

    @Test
    void aThousandRandomRequestsInOneProcessPrintTheLinesAsked() throws IOException {
        Random random = new Random(5);
        StringBuilder requests = new StringBuilder();
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        for (int i = 0; i < 1_000; i++) {
            int offset = random.nextInt(LINES + 2);
            int size = random.nextInt(i % 25 == 0 ? 2_000 : 12);
            requests.append(offset).append(' ').append(size).append('\n');
            expected.writeBytes(PrintedLines.of(lines, offset, size));
        }
        Path stdin = Files.writeString(tmp.resolve("requests.txt"), requests);
        ProcessRun read = run(stdin, "read", server.url() + "/events.jsonl", "--ranges", "-");
        assertThat(read.stderr()).isEmpty();
        assertThat(read.exitCode()).isZero();
        assertThat(read.stdout()).isEqualTo(expected.toByteArray());
    }

    /**
     * A presigned URL (its query signs the file alone) is read with its index given by {@code --index},
     * a local folder or another URL, and prints what {@code sed -n} prints; without it, one line
     * names the option.
     */
    @Test
    void aPresignedUrlIsReadWithItsIndexGivenAsALocalFolderOrAUrl() throws Exception {
        Path sidecar = file.resolveSibling(file.getFileName() + ".lsidx");
        Path local = copy(sidecar, tmp.resolve("indexes").resolve("events.jsonl.lsidx"));
        copy(sidecar, file.resolveSibling("elsewhere").resolve("events.jsonl.lsidx"));
        String signed = server.url() + "/events.jsonl?X-Amz-Expires=600&X-Amz-Signature=0123abcd";
        for (String index : List.of(local.toString(), server.url() + "/elsewhere/events.jsonl.lsidx")) {
            ProcessRun read = run(Path.of("/dev/null"), "read", signed, "12345", "10", "--index", index);
            assertThat(read.stderr()).isEmpty();
            assertThat(read.exitCode()).isZero();
            assertThat(read.stdout()).as("--index %s", index).isEqualTo(PrintedLines.sed(file, 12_345, 10));
            ProcessRun verify = run(Path.of("/dev/null"), "verify", signed, "--index", index);
            assertThat(verify.exitCode()).as(verify.stderr()).isZero();
        }
        ProcessRun without = run(Path.of("/dev/null"), "read", signed, "0", "1");
        assertThat(without.exitCode()).isNotZero();
        assertThat(without.stdout()).isEmpty();
        assertThat(without.stderr()).contains("--index").hasLineCount(1);
    }

    private static Path copy(Path dir, Path target) throws IOException {
        try (var files = Files.walk(dir)) {
            for (Path from : files.toList()) {
                Path to = target.resolve(dir.relativize(from).toString());
                if (Files.isDirectory(from)) {
                    Files.createDirectories(to);
                } else {
                    Files.copy(from, to);
                }
            }
        }
        return target;
    }

    @Test
    void aServerThatIgnoresRangesFailsTheReadInOneLine() {
        server.ignoreRanges(true);
        try {
            ProcessRun read = run(Path.of("/dev/null"), "read", server.url() + "/events.jsonl", "0", "1");
            assertThat(read.exitCode()).isEqualTo(1);
            assertThat(read.stdout()).isEmpty();
            assertThat(read.stderr()).startsWith("linestore read: ").contains(server.url() + "/events.jsonl")
                    .contains("does not answer range requests").hasLineCount(1);
        } finally {
            server.ignoreRanges(false);
        }
    }

    private static ProcessRun run(Path stdin, String... args) {
        List<String> command = new ArrayList<>();
        command.add(LAUNCHER.toString());
        command.addAll(List.of(args));
        return ProcessRun.run(tmp, env, stdin, command);
    }
}
