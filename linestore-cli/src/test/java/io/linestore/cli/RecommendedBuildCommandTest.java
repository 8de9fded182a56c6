package io.linestore.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.linestore.Layout;
import io.linestore.LineStore;
import io.linestore.LineStores;
import io.linestore.cli.common.OptionNames;
import io.linestore.ReadMethod;
import io.linestore.StoreInfo;
import io.linestore.StoreOptions;
import io.linestore.gen.Generator;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every {@code linestore build} command {@code recommend} prints (the lines linestore-bench's
 * {@code PrintedBuildCommandsTest} checks recommend prints for its recorded runs) runs with this
 * command line's real {@code build} and builds the store the options name.
 */
class RecommendedBuildCommandTest {

    private static final Path COMMANDS =
            Path.of("../linestore-bench/src/test/resources/io/linestore/bench/recommend/printed-build-commands.txt");

    @TempDir
    Path dir;

    static List<String> printedCommands() {
        try {
            return Files.readAllLines(COMMANDS);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @ParameterizedTest
    @MethodSource("printedCommands")
    void buildsTheStoreThePrintedCommandNames(String printed) throws IOException {
        Path input = dir.resolve("input.txt");
        Generator.builder().lines(1_000).seed(5).build().writeTo(input);
        Path store = dir.resolve("store");
        List<String> words = new ArrayList<>(Arrays.asList(printed.split(" ")));
        assertThat(words.subList(0, 4)).containsExactly("linestore", "build", "INPUT", "STORE");
        words.set(2, input.toString());
        words.set(3, store.toString());

        Cli.Result result = Cli.run(words.subList(1, words.size()).toArray(String[]::new));

        assertThat(result.exitCode()).as(result.err()).isZero();
        try (LineStore built = LineStores.open(store, ReadMethod.FILE_CHANNEL)) {
            StoreInfo info = built.info();
            assertThat(info.lineCount()).isEqualTo(1_000);
            assertThat(OptionNames.of(info.layout())).isEqualTo(option(words, "--layout", "single"));
            assertThat(info.index().toString()).isEqualTo(option(words, "--index", "dense"));
            if (info.layout() == Layout.SHARDED) {
                assertThat(String.valueOf(info.linesPerShard())).isEqualTo(option(words, "--shard-lines", ""));
            }
        }
        String threshold = new ObjectMapper().readTree(store.resolve("manifest.json").toFile())
                .path("autoThresholdBytes").asText();
        assertThat(threshold).isEqualTo(option(words, "--auto-threshold",
                String.valueOf(StoreOptions.DEFAULT_AUTO_THRESHOLD_BYTES)));
    }

    private static String option(List<String> words, String name, String otherwise) {
        int at = words.indexOf(name);
        return at < 0 ? otherwise : words.get(at + 1);
    }
}
