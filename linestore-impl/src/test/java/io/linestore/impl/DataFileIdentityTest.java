package io.linestore.impl;

import static org.assertj.core.api.Assertions.assertThat;

import io.linestore.IndexKind;
import io.linestore.IndexOptions;
import io.linestore.LineStore;
import io.linestore.LineStores;
import io.linestore.StoreOptions;
import io.linestore.WriteOptions;
import io.linestore.impl.format.DataFileIdentity;
import io.linestore.impl.format.Manifest;
import io.linestore.impl.format.ManifestCodec;
import io.linestore.impl.format.StoreFiles;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every writer records each shard's data file identity, {@code dataHeadCrc32c}: the CRC32C of its
 * first {@value DataFileIdentity#HEAD_BYTES} bytes (or all, when fewer), also while appends grow a
 * shard across that size and when a file indexed in place grows. Stores written before the field
 * keep working without it.
 */
class DataFileIdentityTest {

    private static final WriteOptions SMALL_WRITES = WriteOptions.builder().writeBufferSize(100).build();

    @TempDir
    Path tmp;

    static IntStream seeds() {
        return IntStream.range(0, 12);
    }

    /** Appends of random sizes, most small, grow shards across the head's end at random points. */
    @ParameterizedTest
    @MethodSource("seeds")
    void buildAndAppendsRecordTheHeadOfEveryShard(int seed) throws IOException {
        SplittableRandom random = new SplittableRandom(seed);
        long linesPerShard = 1 + random.nextInt(400);
        IndexKind index = StoreConfig.INDEXES.get(random.nextInt(StoreConfig.INDEXES.size()));
        Path store = tmp.resolve("s");
        int written = random.nextInt(3) == 0 ? 0 : random.nextInt(300);
        LineStores.build(lines(random, 0, written), store, StoreOptions.builder().sharded(linesPerShard)
                .index(index).build(), SMALL_WRITES);
        assertHeadsRecorded(store, "seed " + seed + " build");
        for (int append = 0; append < 6; append++) {
            int more = random.nextInt(200);
            LineStores.append(store, lines(random, written, more), SMALL_WRITES);
            written += more;
            assertHeadsRecorded(store, "seed " + seed + " append " + append);
        }
        try (LineStore reader = LineStores.open(store)) {
            assertThat(reader.read(0, written + 1)).as("seed " + seed).hasSize(written);
            assertThat(reader.verify().problems()).as("seed " + seed).isEmpty();
        }
    }

    @Test
    void aFileIndexedInPlaceRecordsItsHeadAndKeepsItAsItGrows() throws IOException {
        SplittableRandom random = new SplittableRandom(7);
        Path log = tmp.resolve("app.log");
        Files.write(log, lines(random, 0, 50).readAllBytes());
        for (int round = 0; round < 4; round++) {
            LineStores.index(log, IndexOptions.defaults(), SMALL_WRITES);
            assertHeadsRecorded(StoreFiles.sidecarDir(log), "round " + round);
            Files.write(log, lines(random, 0, 80).readAllBytes(), StandardOpenOption.APPEND);
        }
        assertThat(Files.size(log)).isGreaterThan(DataFileIdentity.HEAD_BYTES);
    }

    /**
     * A version-2 store written before data files had an identity: it opens and reads without the
     * check; an append records the head of the shard it continues when that shard is still all head,
     * and of every new shard.
     */
    @Test
    void aStoreWrittenBeforeTheFieldOpensAndAppendsRecordWhatTheyCan() throws IOException {
        Path store = tmp.resolve("s");
        SplittableRandom random = new SplittableRandom(3);
        // Shard 0 is whole and past the head; shard 1, the last, holds 20 lines, all head.
        LineStores.build(lines(random, 0, 320), store, StoreOptions.builder().sharded(300).build());
        Path manifest = store.resolve(StoreFiles.MANIFEST);
        Files.writeString(manifest, Files.readString(manifest).replaceAll("\"dataHeadCrc32c\": \\d+,", ""));
        assertThat(ManifestCodec.read(store).shards())
                .allSatisfy(shard -> assertThat(shard.dataHeadCrc32c()).isEqualTo(DataFileIdentity.UNRECORDED));
        try (LineStore reader = LineStores.open(store)) {
            assertThat(reader.read(0, 400)).hasSize(320);
        }

        assertThat(ManifestCodec.read(store).shards().get(1).dataBytes()).isLessThan(DataFileIdentity.HEAD_BYTES);
        LineStores.append(store, lines(random, 320, 400));

        Manifest appended = ManifestCodec.read(store);
        assertThat(appended.shards().get(0).dataBytes()).isGreaterThan(DataFileIdentity.HEAD_BYTES);
        assertThat(appended.shards().get(1).dataBytes()).isGreaterThan(DataFileIdentity.HEAD_BYTES);
        assertThat(appended.shards().get(0).dataHeadCrc32c()).isEqualTo(DataFileIdentity.UNRECORDED);
        for (int k = 1; k < appended.shards().size(); k++) {
            assertThat(appended.shards().get(k).dataHeadCrc32c()).as("shard " + k)
                    .isEqualTo(headCrc(StoreFiles.dataPath(store, appended, k), appended.shards().get(k).dataBytes()));
        }
        try (LineStore reader = LineStores.open(store)) {
            assertThat(reader.read(0, 1000)).hasSize(720);
            assertThat(reader.verify().problems()).isEmpty();
        }
    }

    /** Checks that each shard's recorded head is the CRC32C of its data file's first bytes. */
    private static void assertHeadsRecorded(Path storeDir, String where) throws IOException {
        Manifest manifest = ManifestCodec.read(storeDir);
        for (int k = 0; k < manifest.shards().size(); k++) {
            long dataBytes = manifest.shards().get(k).dataBytes();
            assertThat(manifest.shards().get(k).dataHeadCrc32c()).as(where + ", shard " + k + " of " + dataBytes
                    + " bytes").isEqualTo(headCrc(StoreFiles.dataPath(storeDir, manifest, k), dataBytes));
        }
    }

    private static long headCrc(Path file, long dataBytes) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        CRC32C crc = new CRC32C();
        crc.update(Arrays.copyOf(bytes, (int) DataFileIdentity.headBytes(dataBytes)));
        return crc.getValue();
    }

    /** {@code count} lines numbered from {@code first}, of random lengths from 1 to about 80 bytes. */
    private static InputStream lines(SplittableRandom random, int first, int count) {
        StringBuilder text = new StringBuilder();
        for (int n = first; n < first + count; n++) {
            text.append(n).append(" ").append("x".repeat(random.nextInt(random.nextBoolean() ? 4 : 75))).append('\n');
        }
        return new ByteArrayInputStream(text.toString().getBytes(StandardCharsets.US_ASCII));
    }
}
