package io.linestore.gen;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;

class GenCommandTest {

    private final ByteArrayOutputStream data = new ByteArrayOutputStream();
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine commandLine = GenMain.commandLine(new GenCommand(data));
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(err, true));
        return commandLine.execute(args);
    }

    @Test
    void writesTheGeneratorsBytesToStandardOutput() throws IOException {
        int exit = run("--lines", "2k", "--seed", "9", "--length", "normal:60:10", "--empty-ratio", "0.1",
                "--charset", "utf8", "--line-ending", "crlf", "--no-final-newline", "--threads", "2");

        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        Generator.builder().lines(2000).seed(9).lengths(LengthDistribution.normal(60, 10)).emptyRatio(0.1)
                .charset(ContentCharset.UTF8).lineEnding(LineEnding.CRLF).finalNewline(false).build()
                .writeTo(expected);
        assertThat(exit).isZero();
        assertThat(data.toByteArray()).isEqualTo(expected.toByteArray());
        assertThat(ReferenceLines.split(data.toByteArray())).hasSize(2000);
        assertThat(out.toString()).isEmpty();
        assertThat(err.toString()).isEmpty();
    }

    @Test
    void writesAFileAndSaysWhatItWrote(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("lines.txt");

        int exit = run("--size", "64KiB", "-o", file.toString());

        assertThat(exit).isZero();
        assertThat(data.size()).isZero();
        long lines = ReferenceLines.split(Files.readAllBytes(file)).size();
        assertThat(out.toString()).isEqualTo("wrote " + lines + " lines, " + Files.size(file) + " bytes to " + file
                + System.lineSeparator());
        assertThat(Files.size(file)).isBetween(65_536L, 65_536L + 200);
    }

    @Test
    void dashMeansStandardOutput() {
        assertThat(run("--lines", "3", "-o", "-")).isZero();
        assertThat(ReferenceLines.split(data.toByteArray())).hasSize(3);
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "--lines -5", "--lines 10Q", "--size 1XB", "--lines 5 --size 5", "--seed 1",
        "--lines 5 --length uniform:30:20", "--lines 5 --charset latin1", "--lines 5 --line-ending cr",
        "--lines 5 --empty-ratio 2", "--lines 5 --threads 0", "--lines 5 --bogus"})
    void badUsageIsOneLineAndExitCodeTwo(String args) {
        int exit = run(args.split(" "));

        assertThat(exit).isEqualTo(2);
        assertThat(err.toString()).startsWith("gen: ").endsWith(System.lineSeparator());
        assertThat(err.toString().lines()).hasSize(1);
        assertThat(data.size()).isZero();
    }

    /** Every usage error reads alike: picocli's own "Error: " before a missing group is dropped. */
    @Test
    void withoutAnAmountItSaysWhatIsMissingLikeEveryOtherError() {
        int exit = run();

        assertThat(exit).isEqualTo(2);
        assertThat(err.toString()).startsWith("gen: Missing required argument").doesNotContain("Error:");
    }

    @Test
    void badUsageNamesTheValue() {
        run("--lines", "5", "--length", "uniform:30:20");

        assertThat(err.toString()).contains("min 30 > max 20");
    }

    @Test
    void anUnwritableFileIsOneLineAndExitCodeOne(@TempDir Path dir) {
        Path file = dir.resolve("missing").resolve("lines.txt");

        int exit = run("--lines", "5", "-o", file.toString());

        assertThat(exit).isEqualTo(1);
        assertThat(err.toString()).isEqualTo("gen: no such file or directory: " + file + System.lineSeparator());
    }

    @Test
    void helpListsEveryOptionAndTheExitCodes() {
        assertThat(run("--help")).isZero();

        assertThat(out.toString()).contains("--lines", "--size", "--seed", "--length", "--empty-ratio", "--charset",
                "--content", "--line-ending", "--no-final-newline", "--output", "Exit codes:");
    }
}
