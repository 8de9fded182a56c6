package io.linestore.dist;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The release archive, unpacked into an empty folder, is a whole installation: run with an empty
 * environment ({@code env -i}, no {@code JAVA_HOME}, a {@code PATH} whose {@code java} is an older
 * JDK or a broken one), {@code bin/linestore} builds, reads, indexes a {@code .gz} and reads an
 * {@code s3://} store with its own runtime; it writes nothing into the installation (its start-up
 * caches go to {@code $XDG_CACHE_HOME}); its manual page renders and lists what {@code --help} lists,
 * for every command; its bash completion completes commands and options.
 */
class ReleaseArchiveIT {

    private static final Pattern OPTION = Pattern.compile("(?<![\\w-])(--[A-Za-z][\\w-]*|-[A-Za-z](?![\\w-]))");

    @TempDir
    static Path tmp;

    private static Path home;
    private static Path linestore;

    @BeforeAll
    static void unpack() throws Exception {
        Path archive = Path.of(System.getProperty("linestore.dist.archive"));
        Path unpacked = Files.createDirectories(tmp.resolve("unpacked"));
        assertThat(exec(unpacked, List.of("tar", "xzf", archive.toString()), Map.of()).status).isZero();
        home = unpacked.resolve(System.getProperty("linestore.dist.name"));
        linestore = home.resolve("bin/linestore");
        assertThat(linestore).isExecutable();
    }

    @Test
    void versionSaysTheVersionCommitRuntimeAndCodecs() throws Exception {
        Run version = linestore("--version");
        assertThat(version.status).as(version.stderr).isZero();
        assertThat(version.stdout).startsWith("linestore " + System.getProperty("linestore.dist.name")
                .substring("linestore-".length()));
        assertThat(version.stdout).contains("commit ").contains(home.resolve("runtime").toString())
                .contains("zstd").contains("zlib");
    }

    @Test
    void buildsReadsAndIndexesAGzipFileWithItsOwnRuntime() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("local"));
        String text = IntStream.range(0, 50_000).mapToObj(i -> "line " + i).collect(Collectors.joining("\n", "", "\n"));
        Path input = Files.writeString(dir.resolve("lines.txt"), text);
        Path gz = dir.resolve("lines.txt.gz");
        try (GZIPOutputStream out = new GZIPOutputStream(Files.newOutputStream(gz))) {
            out.write(text.getBytes(StandardCharsets.US_ASCII));
        }

        assertThat(linestore("build", input.toString(), dir.resolve("store").toString()).status).isZero();
        assertThat(linestore("read", dir.resolve("store").toString(), "49998", "5").stdout)
                .isEqualTo("line 49998\nline 49999\n");
        assertThat(linestore("index", gz.toString()).status).isZero();
        assertThat(linestore("read", gz.toString(), "12345", "2").stdout).isEqualTo("line 12345\nline 12346\n");
    }

    @Test
    void readsAStoreOnObjectStorage() throws Exception {
        Path server = tmp.resolve("seaweedfs");
        String script = System.getProperty("linestore.seaweedfs.script");
        Run started = exec(tmp, List.of("bash", script, "start", server.toString(),
                Long.toString(ProcessHandle.current().pid())),
                // The user's home: the script installs SeaweedFS there once, for every test that runs it.
                Map.of("LINESTORE_SEAWEEDFS_BUCKETS", "dist", "HOME", System.getProperty("user.home")));
        assertThat(started.status).as(started.stderr).isZero();
        try {
            Map<String, String> env = new LinkedHashMap<>();
            for (String line : Files.readAllLines(server.resolve("env"))) {
                int equals = line.indexOf('=');
                env.put(line.substring(0, equals), line.substring(equals + 1));
            }
            Path dir = Files.createDirectories(tmp.resolve("remote"));
            Path input = Files.writeString(dir.resolve("lines.txt"),
                    IntStream.range(0, 1_000).mapToObj(i -> "row " + i).collect(Collectors.joining("\n", "", "\n")));
            assertThat(linestore(env, "build", input.toString(), dir.resolve("store").toString()).status).isZero();
            Run push = linestore(env, "push", dir.resolve("store").toString(), "s3://dist/store");
            assertThat(push.status).as(push.stderr).isZero();

            Run read = linestore(env, "read", "s3://dist/store", "997", "5");
            assertThat(read.status).as(read.stderr).isZero();
            assertThat(read.stdout).isEqualTo("row 997\nrow 998\nrow 999\n");
        } finally {
            exec(tmp, List.of("bash", script, "stop", server.toString()), Map.of("HOME", System.getProperty("user.home")));
        }
    }

    /** Whatever {@code java} the machine has: here one that fails, and a {@code JAVA_HOME} that is none. */
    @Test
    void runsWhateverJavaThePathAndJavaHomeName() throws Exception {
        Path bin = Files.createDirectories(tmp.resolve("broken-java/bin"));
        Path java = Files.writeString(bin.resolve("java"), "#!/bin/sh\necho broken java >&2\nexit 3\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        Run version = exec(tmp, List.of(linestore.toString(), "--version"),
                Map.of("PATH", bin + ":/usr/bin:/bin", "JAVA_HOME", tmp.resolve("no-jdk").toString()));
        assertThat(version.status).as(version.stderr).isZero();
        assertThat(version.stderr).doesNotContain("broken java");
    }

    /** The installation may be read-only: nothing is written into it, the caches go to $XDG_CACHE_HOME. */
    @Test
    void writesNothingIntoTheInstallationAndKeepsItsCachesInXdgCacheHome() throws Exception {
        List<String> before = files(home);
        Path cache = tmp.resolve("xdg-cache");
        Path dir = Files.createDirectories(tmp.resolve("cached"));
        Path input = Files.writeString(dir.resolve("lines.txt"), "a\nb\nc\n");
        Map<String, String> env = Map.of("XDG_CACHE_HOME", cache.toString());
        assertThat(linestore(env, "build", input.toString(), dir.resolve("store").toString()).status).isZero();
        Run read = linestore(env, "read", dir.resolve("store").toString(), "1", "1");
        assertThat(read.stdout).isEqualTo("b\n");

        assertThat(files(home)).isEqualTo(before);
        try (Stream<Path> caches = Files.list(cache.resolve("linestore/aot"))) {
            assertThat(caches.map(path -> path.getFileName().toString()))
                    .anyMatch(name -> name.endsWith("-read.aot"));
        }
    }

    @Test
    void theManualPageRendersAndListsWhatHelpListsForEveryCommand() throws Exception {
        Path man = home.resolve("man/man1");
        Run root = exec(tmp, List.of("man", "-l", man.resolve("linestore.1").toString()), Map.of("MANWIDTH", "100"));
        assertThat(root.status).as(root.stderr).isZero();
        assertThat(root.stdout).contains("SYNOPSIS").contains("linestore");

        List<String> commands = commands(linestore("--help").stdout);
        assertThat(commands).contains("build", "index", "read", "info", "verify", "push")
                .doesNotContain("bench", "recommend");
        assertThat(commands(section(root.stdout, "COMMANDS"))).containsExactlyElementsOf(commands);
        assertThat(options(section(root.stdout, "OPTIONS"))).isEqualTo(options(linestore("--help").stdout));
        for (String command : commands) {
            Path page = man.resolve("linestore-" + command + ".1");
            assertThat(page).as("the manual page of %s", command).exists();
            String rendered = exec(tmp, List.of("man", "-l", page.toString()), Map.of("MANWIDTH", "100")).stdout;
            assertThat(options(rendered)).as("the options of %s", command)
                    .isEqualTo(options(linestore(command, "--help").stdout));
        }
    }

    @Test
    void bashCompletesCommandsAndOptions() throws Exception {
        assertThat(complete("linestore re")).containsExactly("read");
        assertThat(complete("linestore read --rea")).containsExactly("--reader");
    }

    private static List<String> complete(String line) throws Exception {
        String script = "source \"$1\"; complete -p linestore >/dev/null || exit 9; COMP_LINE=\"$2\";"
                + " read -r -a COMP_WORDS <<<\"$2\"; COMP_CWORD=$((${#COMP_WORDS[@]} - 1));"
                + " COMP_POINT=${#COMP_LINE}; _complete_linestore linestore \"${COMP_WORDS[-1]}\";"
                + " printf '%s\\n' \"${COMPREPLY[@]}\"";
        Run run = exec(tmp, List.of("bash", "-c", script, "bash",
                home.resolve("completion/linestore.bash").toString(), line), Map.of());
        assertThat(run.status).as(run.stderr).isZero();
        return run.stdout.lines().map(String::strip).filter(word -> !word.isEmpty()).toList();
    }

    /** The commands a usage or manual lists: the first word of each line indented under its heading. */
    private static List<String> commands(String text) {
        String listed = text.contains("Commands:") ? text.substring(text.indexOf("Commands:") + 9) : text;
        List<String> commands = new ArrayList<>();
        for (String line : listed.lines().toList()) {
            Matcher m = Pattern.compile("^\\s{2,}([a-z][a-z-]*)(\\s|$)").matcher(line);
            if (m.find() && line.length() - line.stripLeading().length() <= 8) {
                commands.add(m.group(1));
            }
        }
        return commands;
    }

    /** The text of a manual's section, up to the next heading. */
    private static String section(String manual, String heading) {
        int at = manual.indexOf("\n" + heading + "\n");
        assertThat(at).as("a %s section", heading).isNotNegative();
        Matcher next = Pattern.compile("\n[A-Z][A-Z ]+\n").matcher(manual);
        int end = next.find(at + heading.length() + 2) ? next.start() : manual.length();
        return manual.substring(at, end);
    }

    /** The options a text names. */
    private static TreeSet<String> options(String text) {
        TreeSet<String> options = new TreeSet<>();
        Matcher m = OPTION.matcher(text);
        while (m.find()) {
            options.add(m.group(1));
        }
        return options;
    }

    private static List<String> files(Path dir) throws IOException {
        try (Stream<Path> paths = Files.walk(dir)) {
            return paths.map(path -> dir.relativize(path).toString()).sorted().toList();
        }
    }

    private static Run linestore(String... args) throws Exception {
        return linestore(Map.of(), args);
    }

    private static Run linestore(Map<String, String> env, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(linestore.toString()));
        command.addAll(Arrays.asList(args));
        return exec(tmp, command, env);
    }

    /**
     * Runs a command with an empty environment but {@code PATH=/usr/bin:/bin} (whose {@code java}, if
     * any, is the machine's) and {@code HOME}, plus {@code env}.
     */
    private static Run exec(Path dir, List<String> command, Map<String, String> env) throws Exception {
        ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile());
        builder.environment().clear();
        builder.environment().put("PATH", "/usr/bin:/bin");
        builder.environment().put("HOME", Files.createDirectories(tmp.resolve("home")).toString());
        builder.environment().putAll(env);
        Path out = Files.createTempFile(tmp, "out", ".txt");
        Path err = Files.createTempFile(tmp, "err", ".txt");
        Process process = builder.redirectOutput(out.toFile()).redirectError(err.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile())).start();
        if (!process.waitFor(3, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            throw new AssertionError(command + " did not finish in 3 minutes");
        }
        return new Run(process.exitValue(), Files.readString(out), Files.readString(err));
    }

    private record Run(int status, String stdout, String stderr) {
    }
}
