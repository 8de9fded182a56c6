package io.linestore.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every option and parameter that takes a count accepts the suffixes of {@code 10M}. */
class CountOptionsTest {

    @TempDir
    Path tmp;

    @Test
    void buildReadAndGenTakeSuffixedCounts() {
        String input = TestStores.writeText(tmp).toString();
        String store = tmp.resolve("store").toString();

        Cli.Result build = Cli.run("build", input, store, "--layout", "sharded", "--shard-lines", "0.1k",
                "--index-stride", "0.002k");
        Cli.Result info = Cli.run("info", store);
        Cli.Result read = Cli.run("read", store, "0.4k", "0.002k");
        Cli.Result gen = Cli.run("gen", "--lines", "0.01k");

        assertThat(build.exitCode()).as(build.err()).isZero();
        assertThat(info.out()).contains("(100 lines each)", "index          sparse:2 ");
        assertThat(read.stdout()).isEqualTo(TestStores.joined(TestStores.lines().subList(400, 402)));
        assertThat(gen.stdoutText().lines()).hasSize(10);
    }

    @Test
    void aBadCountNamesTheOptionAndTheValue() {
        Cli.Result result = Cli.run("build", "in.txt", "store", "--layout", "sharded", "--shard-lines", "many");

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.err()).contains("--shard-lines", "'many'").hasLineCount(1);
    }
}
