package io.linestore.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DemoCommandTest {

    @TempDir
    Path tmp;

    @Test
    void buildsBothStoresAndTimesEveryReaderAtThreePositions() {
        Path directory = tmp.resolve("demo");

        Cli.Result result = Cli.run("demo", directory.toString(), "--lines", "30k");

        assertThat(result.exitCode()).as(result.err()).isZero();
        assertThat(result.out())
                .contains("generated lines-30000.txt: 30,000 lines")
                .contains("built single: 30,000 lines", "built sharded: 30,000 lines", "10 shards")
                .contains("start (line 0), middle (10,000) and end (20,000)")
                .contains("What it shows:");
        for (String store : new String[] {"single", "sharded"}) {
            for (String reader : new String[] {"buffered-reader", "random-access-file", "file-channel", "mmap", "auto"}) {
                assertThat(result.out()).containsPattern("(?m)^" + store + " +" + reader + " +[0-9.]+ +[0-9.]+ +[0-9.]+ +[0-9.]+x$");
            }
        }
        assertThat(result.out()).containsPattern("(?m)^text file readLine from line 0 +[0-9.]+");
        assertThat(directory.resolve("lines-30000.txt")).isRegularFile();
    }

    @Test
    void reusesTheGeneratedDataOnASecondRun() {
        Path directory = tmp.resolve("demo");
        Cli.run("demo", directory.toString(), "--lines", "30k");

        Cli.Result second = Cli.run("demo", directory.toString(), "--lines", "30k");

        assertThat(second.exitCode()).isZero();
        assertThat(second.out()).contains("reused lines-30000.txt");
    }

    @Test
    void tooFewLinesIsBadUsage() {
        Cli.Result result = Cli.run("demo", tmp.toString(), "--lines", "100");

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.err()).contains("--lines", "100").hasLineCount(1);
    }
}
