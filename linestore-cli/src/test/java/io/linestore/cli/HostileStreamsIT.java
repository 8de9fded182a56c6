package io.linestore.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.linestore.LineStore;
import io.linestore.LineStores;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The launcher run as a child process with closed and odd standard streams: a closed standard
 * input is an error for every command that reads it (not the JVM's own {@code lib/modules}, which it
 * opens on a free descriptor 0), standard output that cannot be written ({@code /dev/full}, closed)
 * fails every command that writes it, a FIFO and a pipe without a terminal work, and the JVM's own
 * warnings never reach standard output. Each case: never wrong output with exit 0, never a stack
 * trace, and an end within the run's time limit.
 */
class HostileStreamsIT {

    private static final Path LAUNCHER = Path.of(System.getProperty("linestore.launcher"));
    private static final Map<String, String> ENV = Map.of("LINESTORE_BUILD", "never");

    @TempDir
    static Path tmp;
    private static Path store;
    private static Path requests;

    @BeforeAll
    static void buildStore() throws IOException {
        store = TestStores.single(tmp);
        requests = Files.writeString(tmp.resolve("requests.txt"), "3 2\n10 1\n");
    }

    static Stream<Arguments> commandsThatReadStandardInput() {
        return Stream.of(
                Arguments.of("build - \"$S.new\"", "build"),
                Arguments.of("append \"$S\" -", "append"),
                Arguments.of("read \"$S\" --ranges -", "read"));
    }

    /** A command that reads standard input fails naming it when it is closed, and changes nothing. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("commandsThatReadStandardInput")
    void aClosedStandardInputIsAnError(String command, String name) {
        ProcessRun run = shell(command + " <&-");

        assertThat(run.exitCode()).as(run.stderr()).isEqualTo(1);
        assertThat(errors(run)).startsWith("linestore " + name + ": ").endsWith(": standard input is closed\n")
                .hasLineCount(1);
        assertThat(run.stdout()).isEmpty();
        assertThat(store.resolveSibling(store.getFileName() + ".new")).doesNotExist();
        try (LineStore lines = LineStores.open(store)) {
            assertThat(lines.lineCount()).isEqualTo(TestStores.LINE_COUNT);
        }
    }

    static Stream<Arguments> commandsThatWriteStandardOutput() {
        List<String> commands = List.of("read \"$S\" 0 10", "read \"$S\" 0 10 --number", "read \"$S\" --ranges \"$R\"",
                "info \"$S\"", "info \"$S\" --json", "verify \"$S\"", "--help", "--version", "read --help",
                "gen --lines 10");
        List<Arguments> cases = new ArrayList<>();
        for (String command : commands) {
            cases.add(Arguments.of(command, " > /dev/full"));
            cases.add(Arguments.of(command, " >&-"));
        }
        return cases.stream();
    }

    /** Output that cannot be written fails the command with one line, whatever it writes. */
    @ParameterizedTest(name = "{0}{1}")
    @MethodSource("commandsThatWriteStandardOutput")
    void outputThatCannotBeWrittenFailsTheCommand(String command, String redirect) {
        ProcessRun run = shell(command + redirect);

        assertThat(run.exitCode()).as(run.stderr()).isEqualTo(1);
        assertThat(errors(run)).contains("cannot write to standard output").hasLineCount(1).doesNotContain("\tat ");
    }

    /** Requests from a FIFO, written by another process while the read runs, are answered in order. */
    @Test
    void requestsFromAFifoAreAnswered() {
        ProcessRun run = shell("mkfifo \"$T/fifo\"; (printf '3 2\\n'; sleep 0.2; printf '10 1\\n') > \"$T/fifo\" & "
                + "\"$L\" read \"$S\" --ranges - < \"$T/fifo\"; status=$?; wait; exit $status");

        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(run.stdout()).isEqualTo(expected(3, 2, 10, 1));
    }

    /** A pipe on both sides, no terminal anywhere: the same answers. */
    @Test
    void requestsThroughPipesAreAnswered() {
        ProcessRun run = shell("cat \"$R\" | \"$L\" read \"$S\" --ranges - | cat");

        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(run.stdout()).isEqualTo(expected(3, 2, 10, 1));
        assertThat(errors(run)).isEmpty();
    }

    /**
     * JVM warnings go to standard error: standard output holds the lines. A JVM asked for large pages
     * on a system that has none configured (as the build machines) logs a warning, by default on
     * standard output.
     */
    @Test
    void theJvmsOwnWarningsStayOffStandardOutput() {
        Map<String, String> env = Map.of("LINESTORE_BUILD", "never", "LINESTORE_JAVA_OPTS", "-XX:+UseLargePages");

        ProcessRun read = shell(env, "read \"$S\" 3 2");
        ProcessRun info = shell(env, "info \"$S\" --json");

        assertThat(read.exitCode()).as(read.stderr()).isZero();
        assertThat(read.stdout()).isEqualTo(expected(3, 2));
        assertThat(read.stderr()).contains("UseLargePages");
        assertThat(info.exitCode()).as(info.stderr()).isZero();
        assertThat(info.stdoutText()).startsWith("{").endsWith("}\n");
    }

    /** A request line of ten million digits is refused at once, quoted in a short line. */
    @Test
    void aHugeRequestLineIsRefusedInAShortLine() throws IOException {
        Path huge = tmp.resolve("huge.txt");
        Files.writeString(huge, "3 1\n" + "9".repeat(10_000_000) + " 1\n");

        ProcessRun run = shell("read \"$S\" --ranges \"" + huge + "\"");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.stdout()).isEqualTo(expected(3, 1));
        assertThat(errors(run)).hasLineCount(1).hasSizeLessThan(400).contains("line 2");
    }

    /** Standard error without the launcher's note that it is making a start-up cache (first runs only). */
    private static String errors(ProcessRun run) {
        return run.stderr().lines().filter(line -> !line.startsWith("linestore: preparing the start-up cache"))
                .map(line -> line + "\n").reduce("", String::concat);
    }

    private static byte[] expected(int... offsetsAndSizes) {
        List<byte[]> lines = new ArrayList<>();
        for (int i = 0; i < offsetsAndSizes.length; i += 2) {
            lines.addAll(TestStores.lines().subList(offsetsAndSizes[i], offsetsAndSizes[i] + offsetsAndSizes[i + 1]));
        }
        return TestStores.joined(lines);
    }

    private static ProcessRun shell(String command) {
        return shell(ENV, command);
    }

    /**
     * Runs {@code command} in bash, {@code "$L"} standing for the launcher, {@code "$S"} for the
     * store, {@code "$R"} for a request file and {@code "$T"} for a scratch folder; a command that
     * does not start with {@code "$L"} has it put in front.
     */
    private static ProcessRun shell(Map<String, String> env, String command) {
        String script = command.startsWith("mkfifo") || command.startsWith("cat") ? command : "\"$L\" " + command;
        return ProcessRun.run(tmp, env, Path.of("/dev/null"), List.of("bash", "-c",
                "L=\"$0\" S=\"$1\" R=\"$2\" T=\"$3\"; " + script,
                LAUNCHER.toString(), store.toString(), requests.toString(), tmp.toString()));
    }
}
