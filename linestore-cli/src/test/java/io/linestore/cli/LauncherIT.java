package io.linestore.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs the {@code ./linestore} launcher as a user would. Runs in Maven's integration-test phase,
 * after package made the shaded jar, and never lets the launcher start Maven inside Maven:
 *
 * <ul>
 *   <li>the real launcher runs with {@code LINESTORE_BUILD=never}, so a stale jar fails the test
 *       instead of starting a nested build;
 *   <li>the rebuild and cache logic runs on a copy of the launcher in a scratch tree whose
 *       {@code mvnw} is a stub that records its calls and copies the real jar into place.
 * </ul>
 */
class LauncherIT {

    private static final Path LAUNCHER = Path.of(System.getProperty("linestore.launcher"));
    private static final Path JAR = Path.of(System.getProperty("linestore.jar"));

    @TempDir
    Path tmp;

    @Test
    void buildsAndReadsAStoreWithAJdkFoundWithoutJavaHome() throws IOException {
        Path oldJdk = fakeJdk("17.0.2");
        Map<String, String> env = Map.of("JAVA_HOME", oldJdk.toString(), "LINESTORE_BUILD", "never");
        Path input = TestStores.writeText(tmp);
        Path store = tmp.resolve("store");

        ProcessRun build = run(env, LAUNCHER.toString(), "build", input.toString(), store.toString());
        ProcessRun read = run(env, LAUNCHER.toString(), "read", store.toString(), "40", "20");
        ProcessRun usage = run(env, LAUNCHER.toString(), "read", store.toString(), "-1", "20");

        assertThat(build.exitCode()).as(build.stderr()).isZero();
        assertThat(build.stdoutText()).startsWith("built ");
        assertThat(read.exitCode()).as(read.stderr()).isZero();
        assertThat(read.stdout()).isEqualTo(TestStores.joined(TestStores.lines().subList(40, 60)));
        assertThat(usage.exitCode()).isEqualTo(2);
        assertThat(usage.stderr()).contains("OFFSET").hasLineCount(1);
    }

    @Test
    void endsQuietlyWhenTheReaderOfItsOutputGoes() throws IOException {
        Path input = Files.writeString(tmp.resolve("big.txt"), IntStream.range(0, 200_000)
                .mapToObj(i -> "line number " + i)
                .collect(Collectors.joining("\n", "", "\n")));
        Path store = tmp.resolve("store");
        Map<String, String> env = Map.of("LINESTORE_BUILD", "never");
        assertThat(run(env, LAUNCHER.toString(), "build", input.toString(), store.toString()).exitCode()).isZero();

        ProcessRun piped = run(env, "bash", "-c",
                "\"$0\" read \"$1\" 0 200000 | head -n 1; exit \"${PIPESTATUS[0]}\"", LAUNCHER.toString(), store.toString());

        assertThat(piped.exitCode()).isZero();
        assertThat(piped.stdoutText()).isEqualTo("line number 0\n");
        assertThat(piped.stderr()).isEmpty();
    }

    /**
     * The README's command-line walk-through, each line run by bash as a user would type it, in an
     * empty folder where {@code ./linestore} is the launcher. Lines too big for every build are
     * skipped by name; what the README says some lines print is checked.
     */
    @Test
    void readmeCommandLineWalkThroughRunsAndPrintsWhatTheReadmeSays() throws IOException {
        Files.createSymbolicLink(tmp.resolve("linestore"), LAUNCHER.toAbsolutePath());
        List<String> commands = Readme.of(LAUNCHER.toAbsolutePath().getParent())
                .indentedBlock("Build and query a store from the command line").stream()
                .map(line -> line.replaceFirst("\\s+#.*", ""))
                .toList();
        Set<String> skipped = Set.of("./linestore gen --lines 10M -o data.txt"); // about a gigabyte
        String lines500000 = "500001\n500002\n500003\n";
        Map<String, String> expected = Map.of(
                "./linestore read numbers 500000 3", lines500000,
                "./linestore read numbers 0 5 --number --reader mmap", "0\t1\n1\t2\n2\t3\n3\t4\n4\t5\n",
                "./linestore read numbers.txt 500000 3", lines500000,
                "./linestore read numbers-gz 500000 3", lines500000,
                "./linestore read numbers.txt.gz 500000 3", lines500000);
        Map<String, String> printed = new LinkedHashMap<>();

        for (String command : commands) {
            if (!skipped.contains(command)) {
                ProcessRun run = run(Map.of("LINESTORE_BUILD", "never"), "bash", "-c", command);
                assertThat(run.exitCode()).as("%s%n%s", command, run.stderr()).isZero();
                printed.put(command, run.stdoutText());
            }
        }

        assertThat(commands).containsAll(skipped);
        assertThat(printed).containsAllEntriesOf(expected);
        assertThat(printed.get("./linestore info numbers-sharded --json")).contains("\"lineCount\"");
    }

    @Test
    void answersAStreamOfRangesAndNamesTheBadLine() throws IOException {
        Map<String, String> env = Map.of("LINESTORE_BUILD", "never");
        Path store = TestStores.single(tmp);
        Path requests = Files.writeString(tmp.resolve("requests.txt"), "40 2\n7 1\n40 two\n0 1\n");

        ProcessRun stream = runWithInput(env, requests, LAUNCHER.toString(), "read", store.toString(), "--ranges", "-");
        ProcessRun keepGoing = runWithInput(env, requests, LAUNCHER.toString(), "read", store.toString(), "--ranges", "-",
                "--keep-going", "--flush");

        List<byte[]> lines = TestStores.lines();
        byte[] beforeTheBadLine = TestStores.joined(List.of(lines.get(40), lines.get(41), lines.get(7)));
        assertThat(stream.exitCode()).isEqualTo(2);
        assertThat(stream.stdout()).isEqualTo(beforeTheBadLine);
        // The first run of the launcher may also say that it prepares the start-up cache.
        assertThat(stream.stderr().lines().filter(line -> line.startsWith("linestore read: ")))
                .singleElement().asString().startsWith("linestore read: standard input, line 3: bad count 'two'");
        assertThat(keepGoing.exitCode()).isEqualTo(2);
        assertThat(keepGoing.stdout()).isEqualTo(
                TestStores.joined(List.of(lines.get(40), lines.get(41), lines.get(7), lines.get(0))));
        assertThat(keepGoing.stderr().lines().filter(line -> line.startsWith("linestore read: ")))
                .singleElement().asString().contains("line 3");
    }

    /** A line larger than the heap is streamed to standard output in pieces, not refused. */
    @Test
    void printsALineLargerThanTheHeapInPieces() throws IOException {
        int longLine = 48 << 20;
        Path input = tmp.resolve("long-line.txt");
        byte[] chunk = new byte[1 << 20];
        java.util.Arrays.fill(chunk, (byte) 'x');
        try (java.io.OutputStream out = Files.newOutputStream(input)) {
            out.write("short\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            for (int written = 0; written < longLine; written += chunk.length) {
                out.write(chunk);
            }
            out.write("\nlast\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        }
        Path store = tmp.resolve("long-line");
        io.linestore.LineStores.build(input, store, io.linestore.StoreOptions.defaults());

        ProcessRun read = run(Map.of("LINESTORE_BUILD", "never", "LINESTORE_JAVA_OPTS", "-Xmx16m"),
                LAUNCHER.toString(), "read", store.toString(), "0", "3");

        assertThat(read.exitCode()).as(read.stderr()).isZero();
        byte[] out = read.stdout();
        assertThat(out).hasSize("short\n".length() + longLine + 1 + "last\n".length());
        assertThat(new String(out, 0, 6, java.nio.charset.StandardCharsets.US_ASCII)).isEqualTo("short\n");
        assertThat(IntStream.range(6, 6 + longLine).allMatch(i -> out[i] == 'x')).isTrue();
        assertThat(new String(out, 6 + longLine, 6, java.nio.charset.StandardCharsets.US_ASCII)).isEqualTo("\nlast\n");
    }

    @Test
    void buildsTheBenchmarksJarForBenchAndRecommend() throws IOException {
        Path root = scratchTree();
        Map<String, String> env = Map.of("REAL_JAR", JAR.toString());

        ProcessRun recommend = run(env, root.resolve("linestore").toString(), "recommend", "--help");

        assertThat(recommend.stderr()).contains("building linestore-bench/target/benchmarks.jar");
        assertThat(Files.readAllLines(root.resolve("maven-calls.log")))
                .containsExactly("-q -DskipTests -pl linestore-bench -am package");
        assertThat(root.resolve("linestore-bench/target/benchmarks.jar")).exists();
        assertThat(root.resolve("linestore-cli/target/linestore.jar")).doesNotExist();
    }

    @Test
    void buildsTheJarOnFirstUseAndWhenSourcesChangeOnly() throws IOException {
        Path root = scratchTree();
        Path launcher = root.resolve("linestore");
        Map<String, String> env = Map.of("LINESTORE_AOT", "off", "REAL_JAR", JAR.toString());

        ProcessRun first = run(env, launcher.toString(), "--version");
        ProcessRun second = run(env, launcher.toString(), "--version");
        Path jar = root.resolve("linestore-cli/target/linestore.jar");
        Files.setLastModifiedTime(root.resolve("linestore-cli/src/main/java/Changed.java"),
                FileTime.from(Files.getLastModifiedTime(jar).toInstant().plusSeconds(10)));
        ProcessRun afterChange = run(env, launcher.toString(), "--version");

        assertThat(List.of(first, second, afterChange)).allSatisfy(r -> assertThat(r.stdoutText()).startsWith("linestore "));
        assertThat(first.stderr()).contains("building");
        assertThat(second.stderr()).isEmpty();
        assertThat(afterChange.stderr()).contains("building");
        assertThat(Files.readAllLines(root.resolve("maven-calls.log"))).containsExactly(
                "-q -DskipTests -pl linestore-cli -am package", "-q -DskipTests -pl linestore-cli -am package");
    }

    /**
     * A start-up cache the launcher did not make as it is (put there by another program, or written
     * over after it was made) is made again before the command runs, as is one older than the jar; a
     * current one is used as it is.
     */
    @Test
    void remakesAStartUpCacheWrittenOverOrOlderThanTheJar() throws IOException {
        Path root = scratchTree();
        Path jdk = loggingJdk();
        Map<String, String> env = Map.of("REAL_JAR", JAR.toString(), "JAVA_HOME", jdk.toString());
        Files.createDirectories(tmp.resolve("store"));
        Path cache = readCache(root, jdk.toString());
        Files.writeString(cache, "not a cache");
        String[] read = {root.resolve("linestore").toString(), "read", "store", "0", "1"};

        ProcessRun foreign = run(env, read);
        List<String> afterForeign = Files.readAllLines(jdk.resolve("calls.log"));
        Files.writeString(cache, "written over");
        ProcessRun writtenOver = run(env, read);
        List<String> afterWrittenOver = Files.readAllLines(jdk.resolve("calls.log"));
        Files.setLastModifiedTime(root.resolve("linestore-cli/target/linestore.jar"), FileTime.from(Instant.now()));
        ProcessRun olderThanTheJar = run(env, read);
        List<String> afterNewJar = Files.readAllLines(jdk.resolve("calls.log"));
        ProcessRun current = run(env, read);
        List<String> afterCurrent = Files.readAllLines(jdk.resolve("calls.log"));

        assertThat(List.of(foreign, writtenOver, olderThanTheJar, current))
                .allSatisfy(r -> assertThat(r.exitCode()).as(r.stderr()).isZero());
        assertThat(List.of(foreign, writtenOver, olderThanTheJar))
                .allSatisfy(r -> assertThat(r.stderr()).contains("preparing the start-up cache"));
        assertThat(List.of(afterForeign.size(), afterWrittenOver.size(), afterNewJar.size(), afterCurrent.size()))
                .containsExactly(3, 6, 9, 10);
        for (List<String> calls : List.of(afterForeign, afterWrittenOver, afterNewJar)) {
            assertThat(calls.get(calls.size() - 2)).contains("-XX:AOTCacheOutput=" + cache + ".");
        }
        assertThat(afterCurrent.getLast()).contains("-XX:AOTCache=" + cache + " ").endsWith("read store 0 1");
        assertThat(current.stderr()).isEmpty();
        assertThat(Files.readString(cache)).isEqualTo("cache\n");
    }

    /** A cache the JVM cannot use, which the launcher takes for its own, never changes what a command prints. */
    @Test
    void runsDespiteAStartUpCacheTheJvmCannotUse() throws IOException {
        Path root = scratchTree();
        String javaHome = System.getProperty("java.home");
        Map<String, String> env = Map.of("REAL_JAR", JAR.toString(), "JAVA_HOME", javaHome);
        Path store = TestStores.single(tmp);
        Path jar = Files.createDirectories(root.resolve("linestore-cli/target")).resolve("linestore.jar");
        Files.copy(JAR, jar);
        Files.setLastModifiedTime(jar, FileTime.from(Instant.now().minusSeconds(50)));
        Path cache = readCache(root, javaHome);
        Files.writeString(cache, "not a cache");
        Files.setLastModifiedTime(cache, FileTime.from(Instant.now().minusSeconds(40)));
        Files.writeString(Path.of(cache + ".made"), "");

        ProcessRun read = run(env, root.resolve("linestore").toString(), "read", store.toString(), "0", "5");

        assertThat(read.exitCode()).isZero();
        assertThat(read.stderr()).isEmpty();
        assertThat(read.stdout()).isEqualTo(TestStores.joined(TestStores.lines().subList(0, 5)));
        assertThat(Files.readString(cache)).isEqualTo("not a cache");
    }

    /** Where the launcher keeps a plain read's start-up cache for the JDK at {@code javaHome}. */
    private static Path readCache(Path root, String javaHome) throws IOException {
        return Files.createDirectories(root.resolve("linestore-cli/target/aot"))
                .resolve("linestore-" + javaHome.replaceAll("[^A-Za-z0-9._-]", "_") + "-read.aot");
    }

    /**
     * The start-up cache records the compilation levels its training reached, and a JVM using it
     * never compiles those methods higher: trained under {@code read}'s tier cap, it would hold the
     * write commands' newline scan at C1. Every class in a cache is loaded at each start, so each short
     * command (a plain read of a store, a plain read of a file indexed in place, a read with options)
     * has a cache of its own, trained on stores another JVM built, and the others share one.
     */
    @Test
    void trainsAStartUpCacheForEachShortCommandAndOneForTheOthersWithoutTheTierCap() throws IOException {
        Path root = scratchTree();
        Path jdk = loggingJdk();
        Map<String, String> env = Map.of("REAL_JAR", JAR.toString(), "JAVA_HOME", jdk.toString());
        Files.createDirectories(tmp.resolve("store"));
        Files.writeString(tmp.resolve("lines.txt"), "a line\n");

        ProcessRun read = run(env, root.resolve("linestore").toString(), "read", "store", "0", "1");
        ProcessRun readFile = run(env, root.resolve("linestore").toString(), "read", "lines.txt", "0", "1");
        ProcessRun readWithOptions = run(env, root.resolve("linestore").toString(), "read", "store", "0", "1",
                "--number");
        ProcessRun verify = run(env, root.resolve("linestore").toString(), "verify", "store");

        assertThat(List.of(read, readFile, readWithOptions, verify))
                .allSatisfy(r -> assertThat(r.exitCode()).as(r.stderr()).isZero());
        List<String> calls = Files.readAllLines(jdk.resolve("calls.log"));
        assertThat(calls).hasSize(11);
        String work = calls.get(0).replaceAll(".* aot-training --prepare ", "");
        assertThat(calls.get(0)).doesNotContain("-XX:AOTCacheOutput=", "TieredStopAtLevel").contains("aot-training --prepare ");
        // A plain read's training runs without picocli's model, which its cache need not hold.
        assertThat(calls.get(1)).contains("-read.aot.").endsWith("io.linestore.cli.PlainReadTraining read " + work)
                .doesNotContain("TieredStopAtLevel", "aot-training");
        assertThat(Path.of(work)).doesNotExist();
        assertThat(calls.get(2)).contains("-XX:TieredStopAtLevel=1", "-read.aot ").endsWith("read store 0 1");
        String fileWork = calls.get(3).replaceAll(".* aot-training --prepare ", "");
        assertThat(calls.get(4)).contains("-read-file.aot.")
                .endsWith("io.linestore.cli.PlainReadTraining read-file " + fileWork);
        assertThat(calls.get(5)).contains("-XX:TieredStopAtLevel=1", "-read-file.aot ").endsWith("read lines.txt 0 1");
        String optionsWork = calls.get(6).replaceAll(".* aot-training --prepare ", "");
        assertThat(calls.get(7)).contains("-read-options.aot.", "aot-training --short read-options " + optionsWork)
                .doesNotContain("TieredStopAtLevel");
        assertThat(calls.get(8)).contains("-XX:TieredStopAtLevel=1", "-read-options.aot ")
                .endsWith("read store 0 1 --number");
        assertThat(calls.get(9)).contains("-XX:AOTCacheOutput=").endsWith("aot-training").doesNotContain("-read");
        assertThat(calls.get(10)).contains("-XX:AOTCache=").doesNotContain("TieredStopAtLevel", "-read")
                .endsWith("verify store");
    }

    /**
     * Finding a JDK costs a readlink and a read of each JDK's release file before every command, so
     * the launcher remembers the one it found (and its version), and looks again when JAVA_HOME
     * changes or that JDK is gone.
     */
    @Test
    void remembersTheJdkItFoundUntilJavaHomeChangesOrThatJdkIsGone() throws IOException {
        String launcher = scratchTree().resolve("linestore").toString();
        Path memo = tmp.resolve("tree/linestore-cli/target/.jdk");
        Path first = loggingJdk("first-jdk");
        Path second = loggingJdk("second-jdk");
        Map<String, String> withFirst = Map.of("REAL_JAR", JAR.toString(), "JAVA_HOME", first.toString(),
                "LINESTORE_AOT", "off");
        Map<String, String> withSecond = Map.of("REAL_JAR", JAR.toString(), "JAVA_HOME", second.toString(),
                "LINESTORE_AOT", "off");

        run(withFirst, launcher, "info", "store");
        List<String> remembered = Files.readAllLines(memo);
        // Remembered, the JDK is not looked at again: without its release file a search would run
        // `java -version` on it (logged) and find no JDK there.
        Files.delete(first.resolve("release"));
        run(withFirst, launcher, "info", "store");
        run(withSecond, launcher, "info", "store");
        List<String> afterSecond = Files.readAllLines(memo);
        Files.delete(second.resolve("bin/java"));
        run(withSecond, launcher, "info", "store");

        assertThat(remembered).hasSize(5).first().isEqualTo(first.toString());
        assertThat(remembered.get(2)).isEqualTo(first.toString());
        assertThat(remembered.get(3)).isEqualTo("25");
        assertThat(Files.readAllLines(first.resolve("calls.log"))).hasSize(2)
                .allMatch(call -> call.endsWith("info store"));
        assertThat(afterSecond.get(2)).isEqualTo(second.toString());
        assertThat(Files.readAllLines(second.resolve("calls.log"))).singleElement().asString().endsWith("info store");
        assertThat(Files.readAllLines(memo).get(2)).isNotEqualTo(second.toString());
    }

    /**
     * A JAVA_HOME that named no JDK when the launcher last looked, and is a link to one now, comes
     * first again: the remembered JDK is not used.
     */
    @Test
    void aJavaHomeThatBecameAJdkIsUsedOverTheRememberedOne() throws IOException {
        String launcher = scratchTree().resolve("linestore").toString();
        Path jdk = loggingJdk("linked-jdk");
        Path link = tmp.resolve("java-home");
        Files.createSymbolicLink(link, Files.createDirectories(tmp.resolve("not-a-jdk")));
        Map<String, String> env = Map.of("REAL_JAR", JAR.toString(), "JAVA_HOME", link.toString(),
                "LINESTORE_AOT", "off");

        run(env, launcher, "info", "store");
        List<String> remembered = Files.readAllLines(tmp.resolve("tree/linestore-cli/target/.jdk"));
        Files.delete(link);
        Files.createSymbolicLink(link, jdk);
        run(env, launcher, "info", "store");

        assertThat(remembered).hasSize(5).first().isEqualTo(link.toString());
        assertThat(remembered.get(2)).isNotEqualTo(link.toString());
        assertThat(Files.readAllLines(jdk.resolve("calls.log"))).singleElement().asString().endsWith("info store");
    }

    /** Without the stores a short command's training reads, no cache is made: one of error paths only would stay. */
    @Test
    void makesNoCacheForAShortCommandWhoseStoresCouldNotBeBuilt() throws IOException {
        Path root = scratchTree();
        Path jdk = loggingJdk();
        Path java = jdk.resolve("bin/java");
        Files.writeString(java, Files.readString(java).replace("#!/bin/sh\n",
                "#!/bin/sh\ncase \"$*\" in *--prepare*) echo \"$*\" >> \"${0%/bin/java}/calls.log\"; exit 1 ;; esac\n"));
        Map<String, String> env = Map.of("REAL_JAR", JAR.toString(), "JAVA_HOME", jdk.toString());
        Files.createDirectories(tmp.resolve("store"));

        ProcessRun read = run(env, root.resolve("linestore").toString(), "read", "store", "0", "1");

        assertThat(read.exitCode()).as(read.stderr()).isZero();
        List<String> calls = Files.readAllLines(jdk.resolve("calls.log"));
        assertThat(calls).hasSize(2);
        assertThat(calls.get(0)).contains("aot-training --prepare ");
        assertThat(calls.get(1)).doesNotContain("-XX:AOTCache").endsWith("read store 0 1");
        try (var left = Files.list(root.resolve("linestore-cli/target/aot"))) {
            assertThat(left.map(path -> path.getFileName().toString()).toList())
                    .singleElement().asString().endsWith("-read.aot.failed");
        }
    }

    /**
     * A tree with the launcher, poms, a source file and an {@code mvnw} stub that copies the real
     * jar to where the module it was asked to build puts its jar, and logs its arguments.
     */
    private Path scratchTree() throws IOException {
        Path root = Files.createDirectory(tmp.resolve("tree"));
        Files.copy(LAUNCHER, root.resolve("linestore"));
        Files.writeString(root.resolve("pom.xml"), "<project/>\n");
        Path module = Files.createDirectories(root.resolve("linestore-cli/src/main/java"));
        Files.writeString(root.resolve("linestore-cli/pom.xml"), "<project/>\n");
        Files.writeString(module.resolve("Changed.java"), "class Changed {}\n");
        Path mvnw = root.resolve("mvnw");
        Files.writeString(mvnw, """
                #!/usr/bin/env bash
                echo "$*" >> maven-calls.log
                case "$*" in
                  *linestore-bench*) mkdir -p linestore-bench/target && cp "$REAL_JAR" linestore-bench/target/benchmarks.jar ;;
                  *) mkdir -p linestore-cli/target && cp "$REAL_JAR" linestore-cli/target/linestore.jar ;;
                esac
                """);
        Files.setPosixFilePermissions(mvnw, PosixFilePermissions.fromString("rwxr-xr-x"));
        FileTime longAgo = FileTime.from(Instant.now().minusSeconds(100));
        try (var files = Files.walk(root)) {
            for (Path file : files.toList()) {
                Files.setLastModifiedTime(file, longAgo);
            }
        }
        return root;
    }

    /** A folder that looks like an old JDK: a release file and a java that only prints its version. */
    private Path fakeJdk(String version) throws IOException {
        Path home = Files.createDirectories(tmp.resolve("old-jdk/bin"));
        Files.writeString(home.getParent().resolve("release"), "JAVA_VERSION=\"" + version + "\"\n");
        Path java = home.resolve("java");
        Files.writeString(java, "#!/bin/sh\necho 'openjdk version \"" + version + "\"' >&2\nexit 3\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        return home.getParent();
    }

    /**
     * A JDK 25 whose java only logs its arguments to {@code calls.log} in its home and, when asked
     * to write a start-up cache, writes one.
     */
    private Path loggingJdk() throws IOException {
        return loggingJdk("logging-jdk");
    }

    private Path loggingJdk(String name) throws IOException {
        Path home = Files.createDirectories(tmp.resolve(name).resolve("bin")).getParent();
        Files.writeString(home.resolve("release"), "JAVA_VERSION=\"25.0.1\"\n");
        Path java = home.resolve("bin/java");
        Files.writeString(java, """
                #!/bin/sh
                echo "$*" >> "${0%/bin/java}/calls.log"
                for argument in "$@"; do
                  case $argument in -XX:AOTCacheOutput=*) echo cache > "${argument#-XX:AOTCacheOutput=}" ;; esac
                done
                """);
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        return home;
    }

    private ProcessRun run(Map<String, String> env, String... command) {
        return runWithInput(env, Path.of("/dev/null"), command);
    }

    private ProcessRun runWithInput(Map<String, String> env, Path stdin, String... command) {
        return ProcessRun.run(tmp, env, stdin, List.of(command));
    }
}
