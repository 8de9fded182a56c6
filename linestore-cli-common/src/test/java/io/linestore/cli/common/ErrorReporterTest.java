package io.linestore.cli.common;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.NoSuchFileException;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

class ErrorReporterTest {

    /** Fails as its option says. */
    @Command(name = "tool")
    static final class Failing implements Callable<Integer> {

        @Option(names = "--fail")
        String failure = "none";

        @Option(names = ErrorReporter.VERBOSE)
        boolean verbose;

        @Option(names = "--count", converter = Sizes.CountConverter.class)
        long count;

        @Override
        public Integer call() throws IOException {
            return switch (failure) {
                case "missing" -> throw new NoSuchFileException("/no/such/file");
                case "pipe" -> throw OutputClosedException.of(new IOException("Broken pipe"));
                case "blank" -> throw new IllegalStateException();
                default -> ExitCodes.OK;
            };
        }
    }

    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine commandLine = ErrorReporter.install(new CommandLine(new Failing()));
        commandLine.setErr(new PrintWriter(err, true));
        return commandLine.execute(args);
    }

    @Test
    void aFailureIsOneLineInWordsWithExitCodeOne() {
        assertThat(run("--fail", "missing")).isEqualTo(ExitCodes.FAILURE);
        assertThat(err.toString()).isEqualTo("tool: no such file or directory: /no/such/file" + System.lineSeparator());
    }

    @Test
    void aFailureWithoutAMessageIsNamedByItsKind() {
        assertThat(run("--fail", "blank")).isEqualTo(ExitCodes.FAILURE);
        assertThat(err.toString()).isEqualTo("tool: IllegalStateException" + System.lineSeparator());
    }

    @Test
    void verboseAddsTheStackTrace() {
        assertThat(run("--fail", "missing", "--verbose")).isEqualTo(ExitCodes.FAILURE);
        assertThat(err.toString()).startsWith("tool: no such file or directory: /no/such/file")
                .contains("java.nio.file.NoSuchFileException", "\tat ");
    }

    @Test
    void badUsageNamesTheValueAndPointsToHelpWithExitCodeTwo() {
        assertThat(run("--count", "lots")).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).startsWith("tool: ").contains("'lots'", "(see 'tool --help')").hasLineCount(1);
    }

    @Test
    void aClosedOutputIsNoFailure() {
        assertThat(run("--fail", "pipe")).isEqualTo(ExitCodes.OK);
        assertThat(err.toString()).isEmpty();
    }
}
