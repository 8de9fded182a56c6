package io.linestore.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.linestore.LineStore;
import io.linestore.LineStores;
import io.linestore.StoreOptions;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.checksums.RequestChecksumCalculation;
import software.amazon.awssdk.core.checksums.ResponseChecksumValidation;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.MultipartUpload;

/**
 * The command line over S3, through the real launcher ({@code LINESTORE_BUILD=never}), against a
 * SeaweedFS that {@code scripts/seaweedfs.sh} installs and starts: push a store, read it (also as a
 * query stream), info and verify it; build straight into s3://; index an object in place and read it like {@code sed -n};
 * a push killed with SIGKILL mid-upload, after which the old store reads and the next push aborts its
 * upload; and one-line errors with exit code 1 for a missing bucket, bad credentials and an endpoint where
 * nothing listens; append to an s3:// store refused with exit code 2.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
// Each test has its own folder, cache and keys: they run side by side against the one server.
@Execution(ExecutionMode.CONCURRENT)
class S3CommandsIT {

    private static final Path LAUNCHER = Path.of(System.getProperty("linestore.launcher"));
    private static final Path SCRIPT = LAUNCHER.resolveSibling("scripts").resolve("seaweedfs.sh");

    private Path serverDir;
    private String endpoint;
    /** What every command is run with: the server and its credentials. */
    private Map<String, String> serverEnv;

    @BeforeAll
    void startServer() throws Exception {
        // Unique even when a later run's JVM gets this one's pid: buckets of an earlier server would be there.
        serverDir = Files.createTempDirectory("linestore-cli-seaweedfs-" + ProcessHandle.current().pid() + "-");
        Process start = new ProcessBuilder("bash", SCRIPT.toString(), "start", serverDir.toString(),
                Long.toString(ProcessHandle.current().pid())).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String out = new String(start.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertThat(start.waitFor(180, TimeUnit.SECONDS)).isTrue();
        assertThat(start.exitValue()).as("seaweedfs.sh start").isZero();
        endpoint = out.substring(out.lastIndexOf('\n') + 1);
        try (S3Client client = client()) {
            client.createBucket(r -> r.bucket("cli"));
            client.createBucket(r -> r.bucket("cli-data"));
        }
        serverEnv = Map.copyOf(Map.of("LINESTORE_BUILD", "never", "AWS_ACCESS_KEY_ID", "linestore",
                "AWS_SECRET_ACCESS_KEY", "linestore-secret", "AWS_REGION", "us-east-1",
                "LINESTORE_S3_ENDPOINT", endpoint, "AWS_EC2_METADATA_DISABLED", "true", "LINESTORE_AOT", "off"));
    }

    @AfterAll
    void stopServer() throws Exception {
        Process stop = new ProcessBuilder("bash", SCRIPT.toString(), "stop", serverDir.toString()).inheritIO().start();
        assertThat(stop.waitFor(60, TimeUnit.SECONDS)).isTrue();
        try (var files = Files.walk(serverDir)) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(file);
            }
        }
    }

    @Test
    void pushReadInfoVerify(@TempDir Path tmp) throws IOException {
        Launcher linestore = launcher(tmp, "cache");
        Path input = writeLines(tmp, "numbers.txt", 50_000, i -> "line " + i);
        Path store = tmp.resolve("store");
        assertThat(linestore.run("build", input.toString(), store.toString(), "--layout", "sharded",
                "--shard-lines", "20000").exitCode()).isZero();

        ProcessRun push = linestore.run("push", store.toString(), "s3://cli/numbers");
        assertThat(push.exitCode()).as(push.stderr()).isZero();
        assertThat(push.stdoutText()).startsWith("pushed " + store + " to s3://cli/numbers: ");
        assertThat(linestore.run("push", store.toString(), "s3://cli/numbers").stdoutText())
                .isEqualTo("s3://cli/numbers already holds " + store + ": nothing uploaded\n");

        ProcessRun read = linestore.run("read", "s3://cli/numbers", "39998", "4", "--reader", "mmap");
        assertThat(read.exitCode()).as(read.stderr()).isZero();
        assertThat(read.stdoutText()).isEqualTo("line 39998\nline 39999\nline 40000\nline 40001\n");
        assertThat(read.stdout()).isEqualTo(linestore.run("read", store.toString(), "39998", "4").stdout());

        Path requests = Files.writeString(tmp.resolve("requests.txt"), "0 2\n49999 5\n");
        ProcessRun ranges = ProcessRun.run(tmp, linestore.env(), requests, List.of(LAUNCHER.toString(), "read",
                "s3://cli/numbers", "--ranges", "-"));
        assertThat(ranges.stdoutText()).isEqualTo("line 0\nline 1\nline 49999\n");

        // Many requests, answered with several reads in flight: the same bytes, in the same order, as
        // the local store's one by one; a bad request in the middle reported at its place.
        Random random = new Random(5);
        StringBuilder many = new StringBuilder();
        for (int i = 0; i < 300; i++) {
            many.append(i == 150 ? "not a request" : random.nextInt(50_010) + " " + random.nextInt(30)).append('\n');
        }
        Path manyRequests = Files.writeString(tmp.resolve("many.txt"), many);
        ProcessRun remote = linestore.run("read", "s3://cli/numbers", "--ranges", manyRequests.toString(),
                "--keep-going");
        ProcessRun local = linestore.run("read", store.toString(), "--ranges", manyRequests.toString(),
                "--keep-going");
        assertThat(remote.exitCode()).isEqualTo(2).isEqualTo(local.exitCode());
        assertThat(remote.stdout()).isEqualTo(local.stdout());
        assertThat(remote.stderr()).contains("line 151").hasLineCount(1);

        ProcessRun info = linestore.run("info", "s3://cli/numbers");
        assertThat(info.exitCode()).as(info.stderr()).isZero();
        assertThat(info.stdoutText()).contains("lines          50,000").contains("reads          ranged GETs");

        ProcessRun verify = linestore.run("verify", "s3://cli/numbers");
        assertThat(verify.stdoutText()).isEqualTo("s3://cli/numbers: ok, 50,000 lines\n");
        assertThat(verify.exitCode()).isZero();

        ProcessRun built = linestore.run("build", input.toString(), "s3://cli/built", "--index", "compact");
        assertThat(built.exitCode()).as(built.stderr()).isZero();
        assertThat(built.stdoutText()).startsWith("built s3://cli/built: 50,000 lines").contains("; pushed ");
        assertThat(linestore.run("read", "s3://cli/built", "49998", "5").stdoutText())
                .isEqualTo("line 49998\nline 49999\n");

        ProcessRun append = linestore.run("append", "s3://cli/numbers", input.toString());
        assertThat(append.exitCode()).isEqualTo(2);
        assertThat(append.stderr()).contains("cannot append to s3://cli/numbers").hasLineCount(1);
    }

    @Test
    void indexAnObjectInPlaceThenReadItLikeSed(@TempDir Path tmp) throws Exception {
        Launcher linestore = launcher(tmp, "cache");
        String text = IntStream.range(0, 20_000).mapToObj(i -> "{\"id\": " + i + ", \"text\": \"r\\u00e9sum\u00e9 " + i
                + "\"}").collect(Collectors.joining("\n", "", "\n"));
        Path file = Files.writeString(tmp.resolve("train.jsonl"), text);
        try (S3Client client = client()) {
            client.putObject(r -> r.bucket("cli-data").key("data/train.jsonl"), RequestBody.fromFile(file));
        }
        ProcessRun index = linestore.run("index", "s3://cli-data/data/train.jsonl");
        assertThat(index.exitCode()).as(index.stderr()).isZero();
        assertThat(index.stdoutText()).startsWith("indexed s3://cli-data/data/train.jsonl: 20,000 lines");

        for (int n : new int[] {0, 12_345, 19_995}) {
            ProcessRun read = linestore.run("read", "s3://cli-data/data/train.jsonl", Integer.toString(n), "10");
            assertThat(read.exitCode()).as(read.stderr()).isZero();
            ProcessRun sed = ProcessRun.run(tmp, Map.of(), Path.of("/dev/null"),
                    List.of("sed", "-n", (n + 1) + "," + (n + 10) + "p", file.toString()));
            assertThat(read.stdout()).as("read %d 10", n).isEqualTo(sed.stdout());
        }
    }

    /**
     * The first s3:// read after a build trains the start-up cache by running itself once, says so on
     * standard error, and prints the same lines as every read after it, which uses the cache.
     */
    @Test
    void theStartUpCacheOfS3ReadsIsTrainedByTheFirstAndChangesNoOutput(@TempDir Path tmp) throws IOException {
        Launcher linestore = launcher(tmp, "cache");
        Path input = Files.writeString(tmp.resolve("few.txt"), "alpha\nbeta\ngamma\n");
        Path store = tmp.resolve("few");
        assertThat(linestore.run("build", input.toString(), store.toString()).exitCode()).isZero();
        assertThat(linestore.run("push", store.toString(), "s3://cli/few").exitCode()).isZero();
        Path aot = Files.createDirectories(LAUNCHER.toAbsolutePath().getParent().resolve("linestore-cli/target/aot"));
        try (var caches = Files.list(aot)) {
            for (Path cache : caches.filter(p -> p.getFileName().toString().startsWith("linestore-s3-")).toList()) {
                Files.delete(cache);
            }
        }
        Map<String, String> cached = new HashMap<>(linestore.env());
        cached.remove("LINESTORE_AOT");
        ProcessRun first = ProcessRun.run(tmp, cached, Path.of("/dev/null"),
                List.of(LAUNCHER.toString(), "read", "s3://cli/few", "1", "2"));
        assertThat(first.exitCode()).as(first.stderr()).isZero();
        assertThat(first.stdoutText()).isEqualTo("beta\ngamma\n");
        assertThat(first.stderr()).isEqualTo("linestore: preparing the start-up cache for s3:// read (once per build)...\n");
        try (var caches = Files.list(aot)) {
            assertThat(caches.map(p -> p.getFileName().toString())).anyMatch(name -> name.startsWith("linestore-s3-")
                    && name.endsWith("-read.aot"));
        }
        ProcessRun second = ProcessRun.run(tmp, cached, Path.of("/dev/null"),
                List.of(LAUNCHER.toString(), "read", "s3://cli/few", "0", "3"));
        assertThat(second.exitCode()).isZero();
        assertThat(second.stderr()).isEmpty();
        assertThat(second.stdoutText()).isEqualTo("alpha\nbeta\ngamma\n");
    }

    /**
     * A push killed with SIGKILL in the middle of a multipart upload leaves the prefix holding the store
     * it held before, whole, and the next push aborts the upload the killed one left incomplete.
     */
    @Test
    void aPushKilledMidUploadLeavesTheOldStoreReadableAndTheNextPushAbortsItsUpload(@TempDir Path tmp) throws Exception {
        Launcher linestore = launcher(tmp, "killed-cache");
        // The stores are built in this JVM: the commands under test are push and the reads after it.
        Path inputA = writeLines(tmp, "killed-a.txt", 1_000, i -> "a " + i);
        Path storeA = tmp.resolve("killed-a");
        LineStores.build(inputA, storeA, StoreOptions.defaults());
        ProcessRun pushA = linestore.run("push", storeA.toString(), "s3://cli/killed");
        assertThat(pushA.exitCode()).as(pushA.stderr()).isZero();
        Path requestsA = Files.writeString(tmp.resolve("killed-requests-a.txt"), "0 3\n500 3\n997 5\n");
        String linesA = "a 0\na 1\na 2\na 500\na 501\na 502\na 997\na 998\na 999\n";
        assertThat(linestore.run("read", "s3://cli/killed", "--ranges", requestsA.toString()).stdoutText())
                .as("A read from s3://cli/killed after its push").isEqualTo(linesA);

        // B's data file is larger than a push's part (64 MiB): it goes up in a multipart upload.
        Random random = new Random(7);
        Path inputB = writeLines(tmp, "killed-b.txt", 670_000,
                i -> String.format("%09d %090d", i, random.nextLong(Long.MAX_VALUE)));
        Path storeB = tmp.resolve("killed-b");
        LineStores.build(inputB, storeB, StoreOptions.defaults());
        Path dataB;
        try (var files = Files.walk(storeB)) {
            dataB = files.filter(file -> file.endsWith("data.lines")).findFirst().orElseThrow();
        }
        assertThat(Files.size(dataB)).as("size of B's data file").isGreaterThan(64L << 20);

        try (S3Client client = client()) {
            Path killedErr = tmp.resolve("killed-push-stderr.txt");
            ProcessBuilder builder = new ProcessBuilder(LAUNCHER.toString(), "push", storeB.toString(),
                    "s3://cli/killed");
            builder.environment().remove("JAVA_HOME");
            builder.environment().putAll(linestore.env());
            builder.directory(tmp.toFile()).redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
                    .redirectOutput(tmp.resolve("killed-push-stdout.txt").toFile()).redirectError(killedErr.toFile());
            Process push = builder.start();
            List<ProcessHandle> children = List.of();
            try {
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
                while (client.listMultipartUploads(r -> r.bucket("cli").prefix("killed/")).uploads().isEmpty()) {
                    if (!push.isAlive()) {
                        fail("the push of B ended (exit code %d) before a multipart upload below s3://cli/killed/"
                                + " appeared; its stderr: %s", push.exitValue(), Files.readString(killedErr));
                    }
                    if (System.nanoTime() > deadline) {
                        fail("no multipart upload below s3://cli/killed/ within 60 s of starting the push of B");
                    }
                    Thread.sleep(10);
                }
            } finally {
                // SIGKILL to whatever the launcher started, then to the launcher (or the JVM it became by exec).
                children = push.toHandle().descendants().toList();
                children.forEach(ProcessHandle::destroyForcibly);
                push.destroyForcibly();
                assertThat(push.waitFor(30, TimeUnit.SECONDS)).as("the killed push ended").isTrue();
                for (ProcessHandle child : children) {
                    child.onExit().get(30, TimeUnit.SECONDS);
                }
            }
            assertThat(push.exitValue()).as("exit status of the push killed with SIGKILL; its stderr: %s",
                    Files.readString(killedErr)).isEqualTo(128 + 9);
            assertThat(children).as("processes the launcher started").noneMatch(ProcessHandle::isAlive);
            assertThat(client.listMultipartUploads(r -> r.bucket("cli").prefix("killed/")).uploads())
                    .as("the incomplete multipart upload of B's data that the killed push left")
                    .singleElement().extracting(MultipartUpload::key).asString().endsWith("/data.lines");

            // A reader that never saw s3://cli/killed before gets A, whole.
            linestore = launcher(tmp, "killed-cache-after-kill");
            ProcessRun afterKill = linestore.run("read", "s3://cli/killed", "--ranges", requestsA.toString());
            assertThat(afterKill.exitCode()).as(afterKill.stderr()).isZero();
            assertThat(afterKill.stdoutText()).as("s3://cli/killed read after the push of B was killed: A's lines")
                    .isEqualTo(linesA);
            ProcessRun verifyA = linestore.run("verify", "s3://cli/killed");
            assertThat(verifyA.exitCode()).as(verifyA.stdoutText() + verifyA.stderr()).isZero();
            assertThat(verifyA.stdoutText()).isEqualTo("s3://cli/killed: ok, 1,000 lines\n");

            ProcessRun pushB = linestore.run("push", storeB.toString(), "s3://cli/killed");
            assertThat(pushB.exitCode()).as(pushB.stderr()).isZero();
            assertThat(client.listMultipartUploads(r -> r.bucket("cli").prefix("killed/")).uploads())
                    .as("multipart uploads below s3://cli/killed/ after the next push of B").isEmpty();
        }
        linestore = launcher(tmp, "killed-cache-after-push");
        Path requestsB = Files.writeString(tmp.resolve("killed-requests-b.txt"), "0 3\n335000 3\n669997 5\n");
        StringBuilder linesB = new StringBuilder();
        try (LineStore local = LineStores.open(storeB)) {
            for (long[] request : new long[][] {{0, 3}, {335_000, 3}, {669_997, 5}}) {
                local.read(request[0], request[1]).forEach(line -> linesB.append(line).append('\n'));
            }
        }
        assertThat(linesB).as("B's lines 0-2, 335000-335002 and 669997-669999").hasLineCount(9);
        ProcessRun remoteB = linestore.run("read", "s3://cli/killed", "--ranges", requestsB.toString());
        assertThat(remoteB.exitCode()).as(remoteB.stderr()).isZero();
        assertThat(remoteB.stdoutText()).as("s3://cli/killed read after the next push of B: B's lines")
                .isEqualTo(linesB.toString());
    }

    @Test
    void errorsAreOneLineAndExitOne(@TempDir Path tmp) throws IOException {
        Launcher linestore = launcher(tmp, "cache");
        ProcessRun noBucket = linestore.run("read", "s3://no-such-bucket/store", "0", "1");
        assertThat(noBucket.exitCode()).isEqualTo(1);
        assertThat(noBucket.stderr()).isEqualTo("linestore read: no such bucket: no-such-bucket (at " + endpoint + ")\n");

        Map<String, String> badKey = new HashMap<>(linestore.env());
        badKey.put("AWS_SECRET_ACCESS_KEY", "wrong");
        ProcessRun refused = ProcessRun.run(tmp, badKey, Path.of("/dev/null"),
                List.of(LAUNCHER.toString(), "info", "s3://cli/numbers"));
        assertThat(refused.exitCode()).isEqualTo(1);
        assertThat(refused.stderr()).startsWith("linestore info: " + endpoint + " refused GET")
                .contains("check the credentials").hasLineCount(1);

        int port;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = socket.getLocalPort();
        }
        ProcessRun badTimeout = linestore.run("read", "s3://cli/numbers", "0", "1", "--timeout", "soon");
        assertThat(badTimeout.exitCode()).isEqualTo(1);
        assertThat(badTimeout.stderr()).isEqualTo("linestore read: the S3 timeout (--timeout, LINESTORE_S3_TIMEOUT) must"
                + " be a number of seconds above 0 and at most 3600: soon\n");

        ProcessRun down = linestore.run("verify", "s3://cli/numbers", "--endpoint", "http://127.0.0.1:" + port, "--timeout",
                "2", "--retries", "0");
        assertThat(down.exitCode()).isEqualTo(1);
        assertThat(down.stderr()).startsWith("linestore verify: cannot connect to the S3 endpoint http://127.0.0.1:"
                + port).hasLineCount(1);
    }

    /** A client of the test server, with the checksum settings S3-compatible servers accept. */
    private S3Client client() {
        return S3Client.builder().httpClient(UrlConnectionHttpClient.create())
                .endpointOverride(URI.create(endpoint)).region(Region.US_EAST_1).forcePathStyle(true)
                .requestChecksumCalculation(RequestChecksumCalculation.WHEN_REQUIRED)
                .responseChecksumValidation(ResponseChecksumValidation.WHEN_REQUIRED)
                .credentialsProvider(StaticCredentialsProvider.create(
                        AwsBasicCredentials.create("linestore", "linestore-secret"))).build();
    }

    /** The launcher in a test's folder, with the server's settings and a cache of s3:// stores of its own there. */
    private Launcher launcher(Path dir, String cache) {
        Map<String, String> env = new HashMap<>(serverEnv);
        env.put("LINESTORE_S3_CACHE", dir.resolve(cache).toString());
        return new Launcher(dir, Map.copyOf(env));
    }

    /** Runs the launcher in one folder with one environment: each test has its own, so tests may run side by side. */
    private record Launcher(Path dir, Map<String, String> env) {
        ProcessRun run(String... args) {
            List<String> command = new ArrayList<>();
            command.add(LAUNCHER.toString());
            command.addAll(List.of(args));
            return ProcessRun.run(dir, env, Path.of("/dev/null"), command);
        }
    }

    /** A file in a test's folder of lines {@code 0 .. count-1} as {@code line} makes them, each ending in {@code \n}. */
    private static Path writeLines(Path dir, String name, int count, IntFunction<String> line) throws IOException {
        return Files.writeString(dir.resolve(name), IntStream.range(0, count).mapToObj(line)
                .collect(Collectors.joining("\n", "", "\n")));
    }
}
