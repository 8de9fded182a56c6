package io.linestore.s3;

import static org.assertj.core.api.Assertions.assertThat;

import io.linestore.LineStore;
import io.linestore.LineStores;
import io.linestore.ReadMethod;
import io.linestore.ReadOptions;
import io.linestore.StoreOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A store on a small SeaweedFS cluster (a master with replication 001, two volume servers, a filer,
 * the S3 gateway): with one volume server stopped, every read still returns exactly the right lines
 * from the other replica, through a new reader (nothing cached) and an open one.
 */
class S3ClusterIT {

    @TempDir
    Path temp;

    @Test
    void readsStayExactWithOneVolumeServerStopped() throws IOException {
        Path input = Files.write(temp.resolve("numbers.txt"),
                IntStream.range(0, 200_000).mapToObj(i -> "row " + i).toList());
        LineStores.build(input, temp.resolve("store"), StoreOptions.builder().sharded(50_000).build());
        try (SeaweedFs cluster = SeaweedFs.startCluster("cluster");
                S3Objects objects = cluster.client(temp.resolve("cache"))) {
            String bucket = SeaweedFs.newBucket(objects);
            ObjectLocation location = new ObjectLocation(bucket, "numbers");
            new StorePusher(objects, StorePusher.DEFAULT_PART_BYTES).push(temp.resolve("store"), location);
            try (LineStore before = open(objects, location, "cache-open")) {
                assertThat(before.read(1, 1)).containsExactly("row 1");

                cluster.stopPart("volume2");

                SplittableRandom random = new SplittableRandom(15);
                try (LineStore fresh = open(objects, location, "cache-fresh")) {
                    for (int i = 0; i < 12; i++) {
                        int offset = random.nextInt(200_000);
                        List<String> expected = IntStream.range(offset, Math.min(offset + 7, 200_000))
                                .mapToObj(n -> "row " + n).toList();
                        assertThat(fresh.read(offset, 7)).as("fresh reader, read(%d, 7)", offset)
                                .isEqualTo(expected);
                        assertThat(before.read(offset, 7)).as("open reader, read(%d, 7)", offset)
                                .isEqualTo(expected);
                    }
                    assertThat(fresh.verify().problems()).isEmpty();
                }
            }
        }
    }

    private LineStore open(S3Objects objects, ObjectLocation location, String cache) {
        return S3LineStore.open(objects, new IndexCache(temp.resolve(cache), 1 << 30), location,
                ReadOptions.of(ReadMethod.AUTO), () -> { });
    }
}
