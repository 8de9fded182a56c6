package io.linestore.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * {@code bench} and {@code recommend} live in the benchmarks jar: this jar lists them and sends a
 * user who calls them here to the launcher. {@code LauncherIT} runs them through the launcher.
 */
class LauncherOnlyCommandTest {

    @Test
    void usageListsEveryCommand() {
        Cli.Result result = Cli.run("--help");
        assertThat(result.exitCode()).isZero();
        assertThat(result.out()).contains("build", "index", "append", "read", "info", "verify", "gen", "bench",
                "recommend", "demo");
    }

    @Test
    void calledInThisJarTheyPointToTheLauncherInOneLine() {
        Cli.Result result = Cli.run("recommend", "input.txt", "--sample-lines", "10");

        assertThat(result.exitCode()).isEqualTo(1);
        assertThat(result.err()).isEqualTo("linestore recommend: recommend is not in this jar: run it through the"
                + " launcher, ./linestore recommend" + System.lineSeparator());
    }

    @Test
    void theBenchmarkClassesAreNotOnThisJarsClassPath() {
        assertThat(getClass().getClassLoader().getResource("io/linestore/bench/cli/BenchMain.class")).isNull();
        assertThat(getClass().getClassLoader().getResource("org/openjdk/jmh/Main.class")).isNull();
    }
}
