package io.linestore.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class AotTrainingCommandTest {

    @Test
    void runsEveryCommonCommandSuccessfullyAndPrintsNothing() {
        Cli.Result result = Cli.run("aot-training");

        assertThat(result.exitCode()).isZero();
        assertThat(result.out()).isEmpty();
        assertThat(result.err()).isEmpty();
        assertThat(result.stdout()).isEmpty();
    }
}
