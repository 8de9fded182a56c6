package io.linestore.impl.read;

import static org.assertj.core.api.Assertions.assertThat;

import io.linestore.IndexKind;
import io.linestore.LineStores;
import io.linestore.ReadMethod;
import io.linestore.StoreOptions;
import io.linestore.impl.format.Manifest;
import io.linestore.impl.format.ManifestCodec;
import io.linestore.impl.format.StoreFiles;
import io.linestore.impl.index.IndexFormat;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A shard that starts past 2^31 or 2^32 lines numbers its lines as {@code long}s: the store-wide
 * number of a shard's first line reaches the reader unchanged, with every read method, without
 * writing gigabytes.
 */
class LineNumbersPastIntTest {

    private static final long[] FIRST_LINES = {Integer.MAX_VALUE - 1L, 1L << 32, (1L << 40) + 3};

    @TempDir
    Path dir;

    @ParameterizedTest
    @EnumSource(ReadMethod.class)
    void aShardNumbersItsLinesFromAFirstLinePastInt(ReadMethod method) throws IOException {
        Path input = Files.writeString(dir.resolve("in.txt"), "a\nbb\nccc\n");
        LineStores.build(input, dir.resolve("store"), StoreOptions.builder().index(IndexKind.DENSE).build());
        Path store = dir.resolve("store");
        Manifest manifest = ManifestCodec.read(store);
        ShardReader.Spec spec = new ShardReader.Spec(StoreFiles.dataPath(store, manifest, 0),
                StoreFiles.indexPath(store, manifest, 0), IndexFormat.Identity.of(manifest, 0), IndexKind.DENSE, 3, 9,
                9, manifest.indexBytes(), manifest.shards().getFirst().dataHeadCrc32c(), method, 5, 4, false, true,
                lines -> false, null, null, null);
        try (ShardReader reader = ShardReader.open(spec)) {
            for (long first : FIRST_LINES) {
                List<String> seen = new ArrayList<>();
                reader.visit(1, 3, first + 1, (number, line) -> seen.add(number + ":"
                        + StandardCharsets.UTF_8.decode(line.duplicate())));
                assertThat(seen).containsExactly((first + 1) + ":bb", (first + 2) + ":ccc");
            }
        }
    }
}
