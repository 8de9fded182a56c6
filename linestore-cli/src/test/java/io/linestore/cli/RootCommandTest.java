package io.linestore.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RootCommandTest {

    @Test
    void withoutACommandPrintsUsageAsBadUsage() {
        Cli.Result result = Cli.run();

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.err()).startsWith("Usage: linestore").contains("build", "read", "info", "verify");
        assertThat(result.out()).isEmpty();
    }

    @Test
    void helpListsTheCommandsAndTheExitCodes() {
        Cli.Result result = Cli.run("--help");

        assertThat(result.exitCode()).isZero();
        assertThat(result.out())
                .contains("--verbose")
                .contains("Exit codes:", "0   success", "1   failure", "2   bad usage")
                .doesNotContain("aot-training");
    }

    @ParameterizedTest
    @ValueSource(strings = {"build", "index", "append", "read", "info", "verify", "gen", "demo"})
    void everyCommandHasHelpWithTheExitCodes(String command) {
        Cli.Result result = Cli.run(command, "--help");

        assertThat(result.exitCode()).isZero();
        assertThat(result.out()).startsWith("Usage: linestore " + command).contains("Exit codes:", "2   bad usage");
    }

    @Test
    void anUnknownCommandIsBadUsageInOneLineWithAHint() {
        Cli.Result result = Cli.run("reed");

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.err().lines()).hasSize(1);
        assertThat(result.err()).contains("'reed'").contains("linestore --help");
    }

    @Test
    void versionNamesTheTool() {
        Cli.Result result = Cli.run("--version");

        assertThat(result.exitCode()).isZero();
        assertThat(result.out()).startsWith("linestore ");
    }
}
