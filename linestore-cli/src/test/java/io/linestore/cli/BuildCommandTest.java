package io.linestore.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.linestore.IndexKind;
import io.linestore.LineStore;
import io.linestore.LineStores;
import io.linestore.StoreInfo;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BuildCommandTest {

    @TempDir
    Path tmp;

    private static StoreInfo info(Path store) {
        try (LineStore lines = LineStores.open(store)) {
            return lines.info();
        }
    }

    private Path text(String name, String content) throws IOException {
        return Files.writeString(tmp.resolve(name), content, StandardCharsets.UTF_8);
    }

    private Stream<Path> leftovers() throws IOException {
        return Files.list(tmp).filter(p -> p.getFileName().toString().startsWith("."));
    }

    @Test
    void buildsAStoreAndPrintsAOneLineSummary() throws IOException {
        Path input = TestStores.writeText(tmp);
        Path store = tmp.resolve("store");

        Cli.Result result = Cli.run("build", input.toString(), store.toString());

        assertThat(result.exitCode()).isZero();
        assertThat(result.out()).startsWith("built " + store).contains("500 lines", "1 shard,", "MB/s").hasLineCount(1);
        assertThat(info(store).lineCount()).isEqualTo(TestStores.LINE_COUNT);
        assertThat(result.stderr()).isEmpty();
        assertThat(leftovers()).isEmpty();
    }

    @Test
    void givesTheStoreTheDirectoryPermissionsOfAnyNewDirectory() throws IOException {
        Path store = tmp.resolve("store");
        Path ordinary = Files.createDirectory(tmp.resolve("ordinary"));

        Cli.run("build", TestStores.writeText(tmp).toString(), store.toString());

        assertThat(Files.getPosixFilePermissions(store)).isEqualTo(Files.getPosixFilePermissions(ordinary));
    }

    @Test
    void buildsShardsWithTheGivenOptions() {
        Path store = tmp.resolve("store");

        Cli.Result result = Cli.run("build", TestStores.writeText(tmp).toString(), store.toString(),
                "--layout", "sharded", "--shard-lines", "64", "--index-stride", "8", "--write-buffer", "64KiB", "--fsync");

        assertThat(result.exitCode()).isZero();
        assertThat(result.out()).contains("8 shards");
        StoreInfo info = info(store);
        assertThat(info.shardCount()).isEqualTo(8);
        assertThat(info.linesPerShard()).isEqualTo(64);
        assertThat(info.indexStride()).isEqualTo(8);
    }

    @Test
    void buildsEveryIndexKindAndDenseByDefault() {
        Path input = TestStores.writeText(tmp);
        Map<String, IndexKind> kinds = new LinkedHashMap<>();
        kinds.put("compact", IndexKind.COMPACT);
        kinds.put("compact:16", IndexKind.compact(16));
        kinds.put("dense", IndexKind.DENSE);
        kinds.put("sparse:8", IndexKind.sparse(8));
        kinds.put("none", IndexKind.NONE);
        for (Map.Entry<String, IndexKind> kind : kinds.entrySet()) {
            Path store = tmp.resolve("store-" + kind.getKey().replace(':', '-'));
            Cli.Result result = Cli.run("build", input.toString(), store.toString(), "--index", kind.getKey());
            assertThat(result.exitCode()).as(result.err()).isZero();
            assertThat(info(store).index()).isEqualTo(kind.getValue());
            assertThat(Cli.run("read", store.toString(), "0", "500").stdout())
                    .isEqualTo(TestStores.joined(TestStores.lines()));
        }
        Path store = tmp.resolve("default");
        Cli.run("build", input.toString(), store.toString());
        assertThat(info(store).index()).isEqualTo(IndexKind.DENSE);
    }

    @Test
    void anUnknownIndexKindIsBadUsageNamingIt() {
        String input = TestStores.writeText(tmp).toString();
        String store = tmp.resolve("s").toString();

        Cli.Result result = Cli.run("build", input, store, "--index", "sparse:x");

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.err()).contains("--index", "sparse:x");
        assertThat(Cli.run("build", input, store, "--index", "dense", "--index-stride", "4").err())
                .contains("not both");
    }

    @Test
    void readsStandardInputForADash() {
        Path store = tmp.resolve("store");

        Cli.Result result = Cli.run("a\nb\nc".getBytes(StandardCharsets.UTF_8), "build", "-", store.toString());

        assertThat(result.exitCode()).isZero();
        assertThat(Cli.run("read", store.toString(), "0", "10").stdoutText()).isEqualTo("a\nb\nc\n");
    }

    @Test
    void refusesToOverwriteAStoreWithoutForce() throws IOException {
        Path store = tmp.resolve("store");
        Cli.run("build", text("old.txt", "old\n").toString(), store.toString());

        Cli.Result result = Cli.run("build", text("new.txt", "new\nnew\n").toString(), store.toString());

        assertThat(result.exitCode()).isEqualTo(1);
        assertThat(result.err()).contains(store.toString(), "--force").hasLineCount(1);
        assertThat(info(store).lineCount()).isEqualTo(1);
    }

    @Test
    void replacesAStoreWithForce() throws IOException {
        Path store = tmp.resolve("store");
        Cli.run("build", text("old.txt", "old\n").toString(), store.toString());

        Cli.Result result = Cli.run("build", text("new.txt", "new\nnew\n").toString(), store.toString(), "--force");

        assertThat(result.exitCode()).isZero();
        assertThat(Cli.run("read", store.toString(), "0", "10").stdoutText()).isEqualTo("new\nnew\n");
        assertThat(leftovers()).isEmpty();
    }

    @Test
    void aFailedBuildKeepsTheOldStore() throws IOException {
        Path store = tmp.resolve("store");
        Cli.run("build", text("old.txt", "old\n").toString(), store.toString());
        Path missing = tmp.resolve("missing.txt");

        Cli.Result result = Cli.run("build", missing.toString(), store.toString(), "--force");

        assertThat(result.exitCode()).isEqualTo(1);
        assertThat(result.err()).contains(missing.toString()).hasLineCount(1);
        assertThat(Cli.run("read", store.toString(), "0", "10").stdoutText()).isEqualTo("old\n");
        assertThat(leftovers()).isEmpty();
    }

    @Test
    void aDirectoryAsInputIsAFailureNamingIt() {
        Cli.Result result = Cli.run("build", tmp.toString(), tmp.resolve("store").toString());

        assertThat(result.exitCode()).isEqualTo(1);
        assertThat(result.err()).contains(tmp + " is a directory").hasLineCount(1);
        assertThat(tmp.resolve("store")).doesNotExist();
    }

    @Test
    void neverReplacesADirectoryThatIsNotAStore() throws IOException {
        Path directory = Files.createDirectory(tmp.resolve("documents"));
        Path precious = Files.writeString(directory.resolve("thesis.txt"), "precious");

        Cli.Result result = Cli.run("build", text("in.txt", "x\n").toString(), directory.toString(), "--force");

        assertThat(result.exitCode()).isEqualTo(1);
        assertThat(result.err()).contains(directory.toString(), "holds no store");
        assertThat(precious).hasContent("precious");
    }

    @Test
    void buildsIntoAnEmptyDirectory() throws IOException {
        Path store = Files.createDirectory(tmp.resolve("store"));

        Cli.Result result = Cli.run("build", text("in.txt", "x\n").toString(), store.toString());

        assertThat(result.exitCode()).isZero();
        assertThat(info(store).lineCount()).isEqualTo(1);
    }

    @Test
    void shardLinesWithoutShardedLayoutIsBadUsage() throws IOException {
        Cli.Result result = Cli.run("build", text("in.txt", "x\n").toString(), tmp.resolve("s").toString(),
                "--shard-lines", "10");

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.err()).contains("--shard-lines", "--layout sharded").hasLineCount(1);
        assertThat(tmp.resolve("s")).doesNotExist();
    }

    @Test
    void outOfRangeNumbersAreBadUsageNamingTheValue() throws IOException {
        String input = text("in.txt", "x\n").toString();
        String store = tmp.resolve("s").toString();

        assertThat(Cli.run("build", input, store, "--layout", "sharded", "--shard-lines", "0").err())
                .contains("--shard-lines", "0");
        assertThat(Cli.run("build", input, store, "--index-stride", "-1").err()).contains("--index-stride", "-1");
        assertThat(Cli.run("build", input, store, "--write-buffer", "0").err()).contains("--write-buffer", "0");
        assertThat(Cli.run("build", input, store, "--write-buffer", "3GiB").err()).contains("--write-buffer", "3221225472");
        assertThat(Cli.run("build", input, store, "--write-buffer", "lots").err()).contains("--write-buffer", "'lots'");
        assertThat(Cli.run("build", input, store, "--layout", "striped").err()).contains("'striped'", "single, sharded");
        assertThat(Cli.run("build", input, store, "--index-stride", "-1").exitCode()).isEqualTo(2);
    }

    @Test
    void drawsAProgressBarOnATerminal() {
        Path store = tmp.resolve("store");

        Cli.Result result = Cli.runOnTerminal("build", TestStores.writeText(tmp).toString(), store.toString());

        assertThat(result.exitCode()).isZero();
        assertThat(result.stderr()).contains("build", "MB");
    }
}
