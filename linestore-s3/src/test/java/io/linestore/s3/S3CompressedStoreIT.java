package io.linestore.s3;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.linestore.Compression;
import io.linestore.CorruptStoreException;
import io.linestore.IndexKind;
import io.linestore.LineStore;
import io.linestore.LineStores;
import io.linestore.ReadMethod;
import io.linestore.ReadOptions;
import io.linestore.StoreOptions;
import io.linestore.VerifyReport;
import io.linestore.WriteOptions;
import io.linestore.impl.format.ManifestCodec;
import io.linestore.impl.format.StoreFiles;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.core.sync.RequestBody;

/**
 * A compressed store ({@code build --compress zstd}) pushed to object storage reads as its local
 * copy does: every range the same lines, through ranged GETs of the zstd frames that hold them (an
 * appended store's old seek table among them; many GETs in flight for a large part), one GET per read
 * once a shard's entries and seek table are in memory; a seek table longer than the first GET of the
 * object's end is read whole; {@code verify} decompresses every frame; a damaged frame is an error
 * naming the object and the block, never other lines, and an object edited after the push is
 * refused whole.
 */
@ExtendWith(SeaweedFs.class)
class S3CompressedStoreIT {

    /** Blocks of 256 bytes: a shard of these lines is dozens of frames. */
    private static final Compression BLOCKS = Compression.zstd(3, 256);

    @TempDir
    Path temp;

    @Test
    void everyRangeReadsAsTheLocalStoreAndAWarmOneLineReadIsOneGet(SeaweedFs server) throws IOException {
        RequestCounter counter = new RequestCounter();
        try (S3Objects objects = server.client(temp.resolve("cache"), counter)) {
            // Dense and sparse entries are read alike (ranged pages); compact ones are downloaded; none is one range.
            for (IndexKind index : List.of(IndexKind.DENSE, IndexKind.COMPACT, IndexKind.NONE)) {
                Path local = temp.resolve("store-" + index.toString().replace(':', '-'));
                LineStores.build(new ByteArrayInputStream(text(0, 1_500)), local,
                        StoreOptions.builder().sharded(700).index(index).compression(BLOCKS).build());
                // An append writes new frames after the old seek table, which stays as a frame without text.
                LineStores.append(local, new ByteArrayInputStream(text(1_500, 1_900)), WriteOptions.defaults());
                ObjectLocation location = new ObjectLocation(SeaweedFs.newBucket(objects), "compressed");
                new StorePusher(objects, StorePusher.DEFAULT_PART_BYTES).push(local, location);

                Random random = new Random(index.hashCode());
                try (LineStore expected = LineStores.open(local); LineStore remote = open(objects, location)) {
                    assertThat(remote.info()).isEqualTo(expected.info());
                    assertThat(remote.lineCount()).isEqualTo(1_900);
                    for (int read = 0; read < 100; read++) {
                        long offset = random.nextInt(1_950);
                        long size = random.nextInt(read % 10 == 0 ? 900 : 30);
                        assertThat(remote.read(offset, size)).as("%s: read(%d, %d)", index, offset, size)
                                .isEqualTo(expected.read(offset, size));
                    }
                    assertThat(remote.read(0, Long.MAX_VALUE)).isEqualTo(expected.read(0, Long.MAX_VALUE));
                    assertThat(remote.verify().ok()).as("%s", index).isTrue();
                    // GETs of 1 KiB: each shard part is many, several in flight, their frames cut and joined in order.
                    try (LineStore smallGets = S3LineStore.open(objects, new IndexCache(temp.resolve("cache"), 1 << 30),
                            location, null, ReadOptions.of(ReadMethod.AUTO), () -> { }, 1 << 10, S3Settings.DEFAULT_GETS_IN_FLIGHT)) {
                        assertThat(smallGets.read(0, Long.MAX_VALUE)).as("%s", index)
                                .isEqualTo(expected.read(0, Long.MAX_VALUE));
                    }

                    // Lines in other frames than the last read's, whose text a read that follows would reuse.
                    remote.read(100, 1);
                    remote.read(1_450, 1);
                    counter.reset();
                    assertThat(remote.read(1_460, 1)).isEqualTo(expected.read(1_460, 1));
                    if (index.stride() == 1) {
                        assertThat(counter.total()).as("%s, warm: the line's frames: %s", index, counter).isEqualTo(1);
                    }
                }
            }
        }
    }

    @Test
    void aDamagedFrameIsAnErrorNamingTheObjectAndBlockAndVerifyReportsIt(SeaweedFs server) throws IOException {
        try (S3Objects objects = server.client(temp.resolve("cache"))) {
            Path local = temp.resolve("store");
            // Frames of 64 bytes: a seek table of more than 64 KiB, which takes a second GET to read.
            LineStores.build(new ByteArrayInputStream(text(0, 15_000)), local,
                    StoreOptions.builder().compression(Compression.zstd(3, Compression.MIN_BLOCK_BYTES)).build());
            // Damaged in the bytes pushed, as a server's disk might damage them: the object has the ETag
            // the manifest records, so only its frames' checksums tell.
            Path file = StoreFiles.dataPath(local, ManifestCodec.read(local), 0);
            byte[] data = Files.readAllBytes(file);
            data[data.length / 2] ^= 0x20;
            Files.write(file, data);
            String bucket = SeaweedFs.newBucket(objects);
            ObjectLocation location = new ObjectLocation(bucket, "compressed");
            new StorePusher(objects, StorePusher.DEFAULT_PART_BYTES).push(local, location);
            String dataKey = locate(objects, location).dataKey(0);

            try (LineStore remote = open(objects, location); LineStore expected = LineStores.open(local)) {
                assertThat(remote.read(0, 10)).isEqualTo(expected.read(0, 10));
                assertThat(remote.read(14_990, 10)).isEqualTo(expected.read(14_990, 10));
                assertThatThrownBy(() -> remote.read(0, 15_000)).isInstanceOf(CorruptStoreException.class)
                        .hasMessageContaining(dataKey).hasMessageContaining("block ")
                        .hasMessageContaining("does not decompress");
                VerifyReport report = remote.verify();
                assertThat(report.ok()).isFalse();
                assertThat(report.problems()).anySatisfy(problem -> {
                    assertThat(problem.file()).endsWith(dataKey);
                    assertThat(problem.message()).contains("does not decompress");
                });
            }
            // Edited after the push, so of another ETag: refused whole before a frame is read.
            byte[] pushed = objects.getIfExists(bucket, dataKey).orElseThrow();
            pushed[pushed.length / 3] ^= 0x20;
            objects.put(bucket, dataKey, RequestBody.fromBytes(pushed));
            try (LineStore fresh = open(objects, location)) {
                assertThatThrownBy(() -> fresh.read(0, 10)).isInstanceOf(CorruptStoreException.class)
                        .hasMessageContaining(dataKey).hasMessageContaining("its content is not shard 0's");
            }
        }
    }

    /** Lines {@code [from, to)}: a number, then words of a length that varies with it. */
    private static byte[] text(int from, int to) {
        return IntStream.range(from, to).mapToObj(i -> i + " " + "word ".repeat(i % 13))
                .collect(Collectors.joining("\n", "", "\n")).getBytes(StandardCharsets.UTF_8);
    }

    private LineStore open(S3Objects objects, ObjectLocation location) {
        return S3LineStore.open(objects, new IndexCache(temp.resolve("cache"), 1 << 30), location,
                ReadOptions.of(ReadMethod.AUTO), () -> { });
    }

    /** The store's objects as the bucket's manifest names them now. */
    private StoreObjects locate(ObjectReads objects, ObjectLocation location) {
        return StoreObjects.locate(objects, location, new IndexCache(temp.resolve("manifests"), 1 << 20));
    }
}
