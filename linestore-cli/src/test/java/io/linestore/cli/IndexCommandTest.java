package io.linestore.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IndexCommandTest {

    @TempDir
    Path tmp;

    @Test
    void makesAFileReadableInPlaceWithoutChangingIt() throws IOException {
        Path file = TestStores.writeText(tmp);
        byte[] before = Files.readAllBytes(file);

        Cli.Result result = Cli.run("index", file.toString());

        assertThat(result.exitCode()).isZero();
        // A plain index runs without picocli and prints to standard output itself.
        assertThat(result.stdoutText()).startsWith("indexed " + file + ": 500 lines").hasLineCount(1);
        assertThat(file).hasBinaryContent(before);
        assertThat(Cli.run("read", file.toString(), "40", "20").stdout())
                .isEqualTo(TestStores.joined(TestStores.lines().subList(40, 60)));
        assertThat(Cli.run("verify", file.toString()).exitCode()).isZero();
    }

    @Test
    void indexesTheLinesAFileGained() throws IOException {
        Path file = Files.writeString(tmp.resolve("app.log"), "a\nb\n");
        Cli.run("index", file.toString());
        Files.writeString(file, "c\n", StandardCharsets.UTF_8, StandardOpenOption.APPEND);

        Cli.Result result = Cli.run("index", file.toString(), "--index-stride", "2");

        assertThat(result.exitCode()).isZero();
        assertThat(Cli.run("read", file.toString(), "0", "10").stdoutText()).isEqualTo("a\nb\nc\n");
    }

    @Test
    void aChangedFileMustBeIndexedAgainAndTheErrorSaysHow() throws IOException {
        Path file = Files.writeString(tmp.resolve("app.log"), "a\nb\n");
        Cli.run("index", file.toString());
        Files.writeString(file, "x\nb\n");

        Cli.Result result = Cli.run("read", file.toString(), "0", "1");

        assertThat(result.exitCode()).isEqualTo(1);
        assertThat(result.err()).contains("linestore index " + file).hasLineCount(1);
        Cli.Result again = Cli.run("index", file.toString());
        assertThat(again.exitCode()).isZero();
        assertThat(again.stdoutText()).startsWith("indexed " + file + " anew (bytes within the first 4 ")
                .contains("changed): 2 lines").hasLineCount(1);
        assertThat(Cli.run("read", file.toString(), "0", "1").stdoutText()).isEqualTo("x\n");
    }

    @Test
    void strideZeroIsBadUsage() throws IOException {
        Path file = Files.writeString(tmp.resolve("app.log"), "a\n");

        Cli.Result result = Cli.run("index", file.toString(), "--index-stride", "0");

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.err()).contains("--index-stride", "0").hasLineCount(1);
    }

    @Test
    void aDirectoryIsAFailureNamingIt() {
        Cli.Result result = Cli.run("index", tmp.toString());

        assertThat(result.exitCode()).isEqualTo(1);
        assertThat(result.err()).contains(tmp + " is a directory").hasLineCount(1);
    }
}
