package io.linestore.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AotTrainingCommandTest {

    @TempDir
    Path tmp;

    /** A short command's training in two JVMs (here runs): the stores first, then that command's forms. */
    @Test
    void preparesStoresThenRunsEachShortCommandOnThemPrintingNothing() {
        Cli.Result prepared = Cli.run("aot-training", "--prepare", tmp.toString());
        List<Cli.Result> shortOnes = List.of("read", "read-file", "read-options", "info", "help").stream()
                .map(command -> Cli.run("aot-training", "--short", command, tmp.toString())).toList();

        assertThat(prepared.exitCode()).as(prepared.err()).isZero();
        assertThat(tmp.resolve("single/manifest.json")).exists();
        assertThat(tmp.resolve("sharded/manifest.json")).exists();
        assertThat(tmp.resolve("compressed/manifest.json")).exists();
        assertThat(tmp.resolve("input.txt.lsidx")).exists();
        assertThat(tmp.resolve("input.txt.gz.lsidx")).exists();
        assertThat(shortOnes).allSatisfy(r -> assertThat(r.exitCode()).as(r.err()).isZero());
        List<List<String>> ofStores = AotTrainingCommand.plainReads(tmp, "read");
        List<List<String>> ofFiles = AotTrainingCommand.plainReads(tmp, "read-file");
        assertThat(ofStores).extracting(read -> read.get(1))
                .containsExactly(tmp.resolve("single").toString(), tmp.resolve("sharded").toString(),
                        tmp.resolve("compressed").toString());
        assertThat(ofFiles).hasSize(7).allSatisfy(read -> assertThat(Path.of(read.get(1))).isRegularFile());
        assertThat(Stream.concat(ofStores.stream(), ofFiles.stream())).allSatisfy(read -> {
            String[] args = read.toArray(String[]::new);
            assertThat(PlainRead.of(args)).isPresent();
            Cli.Result result = Cli.run(args);
            assertThat(result.exitCode()).as(result.err()).isZero();
            assertThat(result.stdout()).isNotEmpty();
        });
        assertThat(Stream.concat(Stream.of(prepared), shortOnes.stream()).toList()).allSatisfy(r -> {
            assertThat(r.out()).isEmpty();
            assertThat(r.err()).isEmpty();
            assertThat(r.stdout()).isEmpty();
        });
    }

    /** Without its stores a read's training fails, and so does one for a command that is not short. */
    @Test
    void aShortCommandsTrainingFailsWithoutPreparedStoresOrForAnotherCommand() {
        assertThat(Cli.run("aot-training", "--short", "read", tmp.toString()).exitCode()).isNotZero();
        assertThat(Cli.run("aot-training", "--prepare", tmp.toString()).exitCode()).isZero();
        assertThat(Cli.run("aot-training", "--short", "build", tmp.toString()).exitCode()).isNotZero();
    }

    /**
     * A plain read of a store, a plain read of a file and a read with options are trained apart: only
     * the file's loads the decoders of files indexed in place, only the last loads picocli.
     */
    @Test
    void aReadIsAPlainReadOfAStoreOrOfAFileOrAReadWithOptions() throws IOException {
        Path store = Files.createDirectory(tmp.resolve("store"));
        Path file = Files.writeString(tmp.resolve("lines.txt.gz"), "");

        assertThat(AotTrainingCommand.form(List.of("read", store.toString(), "0", "1"))).isEqualTo("read");
        assertThat(AotTrainingCommand.form(List.of("read", file.toString(), "0", "1"))).isEqualTo("read-file");
        assertThat(AotTrainingCommand.form(List.of("read", "store", "0", "1", "--number"))).isEqualTo("read-options");
        assertThat(AotTrainingCommand.form(List.of("read", "store", "--ranges", "-"))).isEqualTo("read-options");
        assertThat(AotTrainingCommand.form(List.of("info", "store"))).isEqualTo("info");
        assertThat(AotTrainingCommand.form(List.of("--version"))).isEqualTo("help");
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
