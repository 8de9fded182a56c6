package io.linestore.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AotTrainingCommandTest {

    @TempDir
    Path tmp;

    /** The short commands' training in two JVMs (here two runs): the stores first, then their reads. */
    @Test
    void preparesStoresThenRunsTheShortCommandsOnThemPrintingNothing() {
        Cli.Result prepared = Cli.run("aot-training", "--prepare", tmp.toString());
        Cli.Result shortOnes = Cli.run("aot-training", "--short", tmp.toString());

        assertThat(prepared.exitCode()).as(prepared.err()).isZero();
        assertThat(tmp.resolve("single/manifest.json")).exists();
        assertThat(tmp.resolve("sharded/manifest.json")).exists();
        assertThat(tmp.resolve("input.txt.lsidx")).exists();
        assertThat(shortOnes.exitCode()).as(shortOnes.err()).isZero();
        assertThat(List.of(prepared, shortOnes)).allSatisfy(r -> {
            assertThat(r.out()).isEmpty();
            assertThat(r.err()).isEmpty();
            assertThat(r.stdout()).isEmpty();
        });
    }

    /** Without its stores the short training fails (the launcher then runs without a cache). */
    @Test
    void theShortCommandsFailWithoutPreparedStores() {
        assertThat(Cli.run("aot-training", "--short", tmp.toString()).exitCode()).isNotZero();
    }

    @Test
    void runsEveryCommonCommandSuccessfullyAndPrintsNothing() {
        Cli.Result result = Cli.run("aot-training");

        assertThat(result.exitCode()).isZero();
        assertThat(result.out()).isEmpty();
        assertThat(result.err()).isEmpty();
        assertThat(result.stdout()).isEmpty();
    }
}
