package io.linestore.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The commands of other modules answer as subcommands of {@code linestore}, with its error handling. */
class MountedCommandsTest {

    @TempDir
    Path tmp;

    @Test
    void usageListsEveryCommand() {
        Cli.Result result = Cli.run("--help");
        assertThat(result.exitCode()).isZero();
        assertThat(result.out()).contains("build", "index", "append", "read", "info", "verify", "gen", "bench",
                "recommend", "demo");
    }

    @Test
    void benchAndRecommendHaveHelp() {
        assertThat(Cli.run("bench", "--help").out()).contains("--full");
        assertThat(Cli.run("recommend", "--help").out()).contains("INPUT");
    }

    @Test
    void recommendOfAMissingFileFailsInOneLine() {
        Cli.Result result = Cli.run("recommend", tmp.resolve("absent.txt").toString());
        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.err()).startsWith("linestore recommend: ").contains("absent.txt").hasLineCount(1);
    }
}
