package io.linestore.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AppendCommandTest {

    @TempDir
    Path tmp;

    @Test
    void appendsAFileAndStandardInputToTheEnd() throws IOException {
        Path store = tmp.resolve("store");
        Path first = Files.writeString(tmp.resolve("first.txt"), "a\nb\n");
        assertThat(Cli.run("build", first.toString(), store.toString(), "--layout", "sharded", "--shard-lines", "2")
                .exitCode()).isZero();
        Path more = Files.writeString(tmp.resolve("more.txt"), "c\nd\ne");

        Cli.Result fromFile = Cli.run("append", store.toString(), more.toString());
        Cli.Result fromStdin = Cli.run("f\n".getBytes(StandardCharsets.UTF_8), "append", store.toString(), "-");

        assertThat(fromFile.exitCode()).isZero();
        assertThat(fromFile.out()).startsWith("appended 3 lines to " + store).contains("3 shards now")
                .hasLineCount(1);
        assertThat(fromStdin.exitCode()).isZero();
        assertThat(Cli.run("read", store.toString(), "0", "10").stdoutText()).isEqualTo("a\nb\nc\nd\ne\nf\n");
        assertThat(Cli.run("verify", store.toString()).exitCode()).isZero();
    }

    @Test
    void appendingToWhatIsNotAStoreFailsInOneLine() {
        Cli.Result result = Cli.run("x\n".getBytes(StandardCharsets.UTF_8), "append", tmp.resolve("nothing").toString(),
                "-");
        assertThat(result.exitCode()).isEqualTo(1);
        assertThat(result.err()).contains("nothing").hasLineCount(1);
    }

    /** A store's own data file is refused as input to append, which would read back its own output without end. */
    @Test
    void aFileOfTheStoreItselfIsRefusedAsInput() throws IOException {
        Path store = tmp.resolve("store");
        assertThat(Cli.run("build", Files.writeString(tmp.resolve("in.txt"), "a\nb\n").toString(), store.toString())
                .exitCode()).isZero();
        Path data;
        try (java.util.stream.Stream<Path> files = Files.walk(store)) {
            data = files.filter(file -> file.toString().endsWith(".lines")).findFirst().orElseThrow();
        }
        long before = Files.size(data);

        Cli.Result result = Cli.run("append", store.toString(), data.toString());

        assertThat(result.exitCode()).isEqualTo(1);
        assertThat(result.err()).contains(data.toString(), "is a file of the store").hasLineCount(1);
        assertThat(Files.size(data)).isEqualTo(before);
    }

    /** A missing input is named once, and a directory given as input is blamed on the input, not the store. */
    @Test
    void aMissingOrDirectoryInputIsNamedOnce() throws IOException {
        Path store = tmp.resolve("store");
        Cli.run("build", Files.writeString(tmp.resolve("in.txt"), "a\n").toString(), store.toString());
        Path missing = tmp.resolve("missing.txt");

        Cli.Result gone = Cli.run("append", store.toString(), missing.toString());
        Cli.Result directory = Cli.run("append", store.toString(), tmp.toString());

        assertThat(gone.exitCode()).isEqualTo(1);
        assertThat(gone.err().split(java.util.regex.Pattern.quote(missing.toString()), -1)).hasSize(2);
        assertThat(directory.exitCode()).isEqualTo(1);
        assertThat(directory.err()).contains("input " + tmp + " is a directory").hasLineCount(1);
    }

    @Test
    void missingInputIsBadUsage() {
        Cli.Result result = Cli.run("append", tmp.toString());
        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.err()).contains("INPUT");
    }

    @Test
    void buildRecordsTheAutoThreshold() throws IOException {
        Path input = Files.writeString(tmp.resolve("in.txt"), "a\n");
        Path store = tmp.resolve("store");
        assertThat(Cli.run("build", input.toString(), store.toString(), "--auto-threshold", "4KiB").exitCode())
                .isZero();
        JsonNode manifest = new ObjectMapper().readTree(store.resolve("manifest.json").toFile());
        assertThat(manifest.get("autoThresholdBytes").asLong()).isEqualTo(4096);
        assertThat(Cli.run("build", input.toString(), tmp.resolve("bad").toString(), "--auto-threshold", "-1")
                .exitCode()).isEqualTo(2);
    }
}
