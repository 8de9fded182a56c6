package io.linestore.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.gson.JsonElement;
import com.google.gson.JsonNull;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.google.gson.JsonPrimitive;
import io.linestore.ExistingStore;
import io.linestore.LineStores;
import io.linestore.StoreOptions;
import io.linestore.WriteOptions;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The command line against hostile input, in the spirit of SQLite's tests: malformed and huge
 * request lines, every manifest field set out of range, files of other stores and of older
 * generations swapped in. In every case the command either prints exactly the right lines with exit
 * 0, or fails with exit 1 or 2 and one line on standard error that names the problem, never a stack
 * trace; and it ends (each case is one command on a small store). {@link HostileStreamsIT} runs the
 * launcher with closed and odd standard streams.
 */
class HostileInputTest {

    private static final int LINES = TestStores.LINE_COUNT;
    /** How many random junk request lines to try (40; the chaos profile tries thousands). */
    private static final String JUNK_PROPERTY = "linestore.hostile.junk";
    /** How many random values to give each manifest field besides the edge values (0; chaos: dozens). */
    private static final String RANDOM_VALUES_PROPERTY = "linestore.hostile.random";

    @TempDir
    Path tmp;

    // ---- request lines -------------------------------------------------------------------------

    static Stream<Arguments> malformedRequests() {
        List<Arguments> requests = new ArrayList<>();
        for (String request : List.of("1", "1 2 3", "-1 2", "1 -2", "x 1", "1 x", "1.5 2", "1e3 2", "0x10 2",
                "1 2k5", "\u0661 2", "1\r2", "1 \r 2", "9223372036854775808 1", "99999999999999999999999 1",
                "1 99999999999999999999999T", "\u0000", "1\u00002", "1 2 #")) {
            requests.add(Arguments.of(request.replace("\r", "\\r").replace("\u0000", "\\0"), request));
        }
        for (int digits : new int[] {65, 1_000, 300_000, 1_000_000}) {
            requests.add(Arguments.of(digits + " digits", "7".repeat(digits) + " 1"));
            requests.add(Arguments.of("1 and " + digits + " digits", "1 " + "7".repeat(digits)));
        }
        requests.add(Arguments.of("2 MB of blanks and digits", "1 ".repeat(1 << 20)));
        SplittableRandom random = new SplittableRandom(27);
        int count = Integer.getInteger(JUNK_PROPERTY, 40);
        for (int i = 0; i < count; i++) {
            StringBuilder junk = new StringBuilder();
            int length = 1 + random.nextInt(i % 4 != 3 ? 12 : 5_000);
            for (int k = 0; k < length; k++) {
                junk.append((char) random.nextInt(1, 0x3000));
            }
            String text = junk.toString().replace('\n', '?');
            if (!text.isBlank() && !text.strip().matches("\\d+[ \t]+\\d+")) {
                requests.add(Arguments.of("junk " + i, text));
            }
        }
        return requests.stream();
    }

    /** A bad request stops the stream with exit 2 and one short line, after the answers before it. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("malformedRequests")
    void aMalformedRequestIsRefusedInOneShortLine(String name, String request) {
        Path store = TestStores.single(tmp);

        Cli.Result result = Cli.run(("3 1\n" + request + "\n4 1\n").getBytes(StandardCharsets.UTF_8),
                "read", store.toString(), "--ranges", "-");

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.stdout()).isEqualTo(TestStores.joined(TestStores.lines().subList(3, 4)));
        assertThat(result.err()).startsWith("linestore read: standard input, line 2: ").hasLineCount(1);
        assertThat(result.err().length()).isLessThan(400);
    }

    // ---- manifest fields -----------------------------------------------------------------------

    static Stream<Arguments> manifestChanges() {
        List<Arguments> changes = new ArrayList<>();
        SplittableRandom random = new SplittableRandom(27);
        for (String kind : List.of("single", "sharded")) {
            for (String field : List.of("version", "generation", "storeId", "lineCount", "dataBytes", "indexBytes",
                    "indexStride", "linesPerShard", "autoThresholdBytes", "shards.0.lines", "shards.0.dataBytes",
                    "shards.0.dataCrc32c", "shards.0.dataHeadCrc32c", "shards.0.indexBytes", "shards.0.indexCrc32c",
                    "shards.last.lines", "shards.last.dataBytes", "shards.last.indexBytes")) {
                for (String value : List.of("-1", "0", "minus one", "plus one", "max", "text", "null")) {
                    changes.add(Arguments.of(kind, field, value));
                }
                for (int i = 0; i < Integer.getInteger(RANDOM_VALUES_PROPERTY, 0); i++) {
                    changes.add(Arguments.of(kind, field, "random " + random.nextLong()));
                }
            }
            for (String value : List.of("minus one", "plus one")) {
                changes.add(Arguments.of(kind, "lineCount+shards.last.lines", value));
            }
        }
        return changes.stream();
    }

    /**
     * A manifest field out of range is refused, or is one that reads do not depend on: reads still
     * print exactly the stored lines. Never other lines with exit 0.
     */
    @ParameterizedTest(name = "{0} store, {1} = {2}")
    @MethodSource("manifestChanges")
    void aManifestFieldOutOfRangeNeverYieldsWrongLines(String kind, String field, String value) throws IOException {
        Path store = kind.equals("single") ? TestStores.single(tmp) : TestStores.sharded(tmp);
        Path manifest = store.resolve("manifest.json");
        JsonObject json = JsonParser.parseString(Files.readString(manifest)).getAsJsonObject();
        for (String path : field.split("\\+")) {
            change(json, path, value);
        }
        Files.writeString(manifest, json.toString());

        expectRightLinesOrOneLineError(store, 0, 5);
        expectRightLinesOrOneLineError(store, LINES - 3, 3);
        expectRightLinesOrOneLineError(store, 0, LINES);
        expectNoStackTrace(Cli.run("info", store.toString()));
        expectNoStackTrace(Cli.run("info", store.toString(), "--json"));
        expectNoStackTrace(Cli.run("verify", store.toString()));
    }

    private static void change(JsonObject manifest, String path, String value) {
        String[] parts = path.split("\\.");
        JsonObject holder = manifest;
        if (parts.length == 3) {
            var shards = manifest.getAsJsonArray(parts[0]);
            holder = shards.get(parts[1].equals("last") ? shards.size() - 1 : Integer.parseInt(parts[1])).getAsJsonObject();
        }
        String name = parts[parts.length - 1];
        long current = holder.get(name).getAsLong();
        JsonElement changed = switch (value) {
            case "minus one" -> new JsonPrimitive(current - 1);
            case "plus one" -> new JsonPrimitive(current + 1);
            case "max" -> new JsonPrimitive(Long.MAX_VALUE);
            case "text" -> new JsonPrimitive("ten");
            case "null" -> JsonNull.INSTANCE;
            default -> value.startsWith("random ") ? random(current, Long.parseLong(value.substring(7)))
                    : new JsonPrimitive(Long.parseLong(value));
        };
        holder.add(name, changed);
    }

    /** A value near the field's own, near 0, or anywhere, as a seed of the case's draws it. */
    private static JsonPrimitive random(long current, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        return new JsonPrimitive(switch (random.nextInt(3)) {
            case 0 -> current + random.nextInt(-1_000, 1_000);
            case 1 -> random.nextLong(-4, 4);
            default -> random.nextLong();
        });
    }

    // ---- files swapped in ----------------------------------------------------------------------

    static Stream<Arguments> swaps() {
        List<Arguments> swaps = new ArrayList<>();
        for (String kind : List.of("single", "sharded")) {
            for (String swap : List.of("data from another store", "index from another store",
                    "data and index from another store", "data from the older generation",
                    "index from the older generation", "manifest from the older generation",
                    "data of shard 1 as shard 2", "index of shard 1 as shard 2")) {
                if (kind.equals("sharded") || !swap.contains("shard 1")) {
                    swaps.add(Arguments.of(kind, swap));
                }
            }
        }
        return swaps.stream();
    }

    /**
     * A data or index file of another store, of another shard with lines of the same lengths, or of
     * the generation before a replacement, is refused naming it, or reads exactly the right lines.
     */
    @ParameterizedTest(name = "{0} store, {1}")
    @MethodSource("swaps")
    void aFileSwappedInNeverYieldsWrongLines(String kind, String swap) throws IOException {
        StoreOptions options = kind.equals("single") ? StoreOptions.defaults()
                : StoreOptions.builder().sharded(100).build();
        // Every line of both stores has the same length, so each index fits the other's data.
        Path store = build(tmp.resolve("store"), options, i -> "a line " + (1000 + i), ExistingStore.REFUSE);
        Path older = tmp.resolve("older");
        copyTree(store, older);
        build(store, options, i -> "b line " + (1000 + i), ExistingStore.REPLACE);
        Path other = build(tmp.resolve("other"), options, i -> "c line " + (1000 + i), ExistingStore.REFUSE);
        List<Path> current = storeFiles(store);
        // The replacement is generation 2; the other store and the copy of the first are generation 1.
        Map<String, UnaryOperator<Path>> from = Map.of(
                "another store", file -> other.resolve(store.relativize(file).toString().replace("g2", "g1")),
                "the older generation", file -> older.resolve(store.relativize(file).toString().replace("g2", "g1")));
        for (Path file : current) {
            String name = file.getFileName().toString();
            boolean data = name.endsWith(".lines");
            boolean index = name.endsWith(".idx");
            for (Map.Entry<String, UnaryOperator<Path>> source : from.entrySet()) {
                if (swap.endsWith(source.getKey()) && ((data && swap.startsWith("data")) || (index && swap.contains("index")))) {
                    Files.copy(source.getValue().apply(file), file, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
        if (swap.startsWith("manifest")) {
            Files.copy(older.resolve("manifest.json"), store.resolve("manifest.json"), StandardCopyOption.REPLACE_EXISTING);
        }
        if (swap.contains("shard 1 as shard 2")) {
            String suffix = swap.startsWith("data") ? ".lines" : ".idx";
            Path shard1 = current.stream().filter(f -> f.getFileName().toString().equals("00000001" + suffix)).findFirst()
                    .orElseThrow();
            Files.copy(shard1, shard1.resolveSibling("00000002" + suffix), StandardCopyOption.REPLACE_EXISTING);
        }

        List<String> expected = new ArrayList<>();
        for (int i = 0; i < LINES; i++) {
            expected.add("b line " + (1000 + i));
        }
        for (int[] range : new int[][] {{0, LINES}, {150, 100}, {250, 1}}) {
            Cli.Result read = Cli.run("read", store.toString(), String.valueOf(range[0]), String.valueOf(range[1]));
            expectNoStackTrace(read);
            if (read.exitCode() == 0) {
                assertThat(read.stdoutText()).isEqualTo(String.join("\n", expected.subList(range[0], range[0] + range[1]))
                        + "\n");
            } else {
                assertThat(read.exitCode()).isEqualTo(1);
            }
        }
        Cli.Result verify = Cli.run("verify", store.toString());
        expectNoStackTrace(verify);
        if (!swap.startsWith("manifest")) {
            assertThat(verify.exitCode()).as(verify.out() + verify.err()).isEqualTo(1);
        }
    }

    private static Path build(Path store, StoreOptions options, java.util.function.IntFunction<String> line,
            ExistingStore existing) throws IOException {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < LINES; i++) {
            text.append(line.apply(i)).append('\n');
        }
        Path input = Files.writeString(store.resolveSibling(store.getFileName() + ".txt"), text);
        LineStores.build(input, store, options, WriteOptions.defaults(), existing);
        return store;
    }

    private static List<Path> storeFiles(Path store) throws IOException {
        try (Stream<Path> files = Files.walk(store)) {
            return files.filter(Files::isRegularFile)
                    .filter(f -> f.getFileName().toString().endsWith(".lines") || f.getFileName().toString().endsWith(".idx"))
                    .toList();
        }
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path file : files.toList()) {
                Files.copy(file, to.resolve(from.relativize(file).toString()), StandardCopyOption.COPY_ATTRIBUTES);
            }
        }
    }

    // ---- odd paths -----------------------------------------------------------------------------

    /** A store is not built inside another store, where that store's next write would delete it. */
    @Test
    void aStoreIsNotBuiltInsideAnotherStore() throws IOException {
        Path store = TestStores.single(tmp);
        Path input = TestStores.writeText(tmp);

        for (String inside : List.of("g1/inner", "inner", "g1/a/b")) {
            Cli.Result build = Cli.run("build", input.toString(), store.resolve(inside).toString());

            assertThat(build.exitCode()).as(inside).isEqualTo(1);
            assertThat(build.err()).contains("is inside the store " + store.toAbsolutePath()).hasLineCount(1);
            assertThat(store.resolve(inside)).doesNotExist();
        }
    }

    /** A file of a store is not indexed in place: its index would sit among the store's files. */
    @Test
    void aFileOfAStoreIsNotIndexedInPlace() throws IOException {
        Path store = TestStores.single(tmp);
        Path data = store.resolve("g1/data.lines");

        Cli.Result index = Cli.run("index", data.toString());

        assertThat(index.exitCode()).isEqualTo(1);
        assertThat(index.err()).contains("is inside the store").hasLineCount(1);
        assertThat(store.resolve("g1/data.lines.lsidx")).doesNotExist();
    }

    /**
     * A store is not built under the name of a file's index in place, and a store moved there is
     * refused by reads of the file and by its indexing, naming it, instead of failing inside.
     */
    @Test
    void aStoreWhereAFilesIndexBelongsIsRefused() throws IOException {
        Path text = TestStores.writeText(tmp);
        Path sidecar = tmp.resolve("input.txt.lsidx");

        Cli.Result build = Cli.run("build", text.toString(), sidecar.toString(), "--force");
        assertThat(build.exitCode()).isEqualTo(1);
        assertThat(build.err()).contains("ends in .lsidx").hasLineCount(1);

        copyTree(TestStores.single(tmp), sidecar);
        Cli.Result read = Cli.run("read", text.toString(), "0", "1");
        Cli.Result index = Cli.run("index", text.toString());

        assertThat(read.exitCode()).as(read.stdoutText()).isEqualTo(1);
        assertThat(read.err()).contains("holds a store, not the index of").hasLineCount(1);
        assertThat(index.exitCode()).isEqualTo(1);
        assertThat(index.err()).contains("holds a store, not the index of").hasLineCount(1);
        assertThat(sidecar.resolve("manifest.json")).exists();
    }

    // ---- what every case asserts ---------------------------------------------------------------

    /** Numbered, so that two lines read as one (a line holding a {@code \n}) differ from the right ones. */
    private static void expectRightLinesOrOneLineError(Path store, int offset, int size) {
        Cli.Result read = Cli.run("read", store.toString(), String.valueOf(offset), String.valueOf(size), "--number");
        expectNoStackTrace(read);
        if (read.exitCode() == 0) {
            List<byte[]> numbered = new ArrayList<>();
            for (int i = offset; i < offset + size; i++) {
                byte[] line = TestStores.lines().get(i);
                byte[] number = (i + "\t").getBytes(StandardCharsets.UTF_8);
                byte[] both = java.util.Arrays.copyOf(number, number.length + line.length);
                System.arraycopy(line, 0, both, number.length, line.length);
                numbered.add(both);
            }
            assertThat(read.stdout()).as("read %d %d --number", offset, size).isEqualTo(TestStores.joined(numbered));
        } else {
            assertThat(read.exitCode()).isEqualTo(1);
            assertThat(read.err()).startsWith("linestore read: ").hasLineCount(1);
        }
    }

    /**
     * Exit 0, 1 or 2, no stack trace and no Java record in any message, at most one line of error;
     * a failure says something (verify lists its problems on standard output).
     */
    private static void expectNoStackTrace(Cli.Result result) {
        String all = result.err() + result.stderr() + result.out();
        assertThat(result.exitCode()).isBetween(0, 2);
        assertThat(all).doesNotContain("\tat ").doesNotContain("Exception:").doesNotContain("ShardEntry[");
        assertThat(result.err().lines().count()).isLessThanOrEqualTo(1);
        if (result.exitCode() != 0) {
            assertThat(result.err() + result.out()).isNotBlank();
        }
    }
}
