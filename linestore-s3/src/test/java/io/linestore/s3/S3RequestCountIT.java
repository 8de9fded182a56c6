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
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a read costs in requests, counted by an SDK interceptor: a one-line read of a store whose
 * index is not cached is 2 GETs (the index, then the line's range), 1 GET once the index is cached
 * (by this process or an earlier one), and no request ever lists a bucket.
 */
@ExtendWith(SeaweedFs.class)
class S3RequestCountIT {

    @TempDir
    Path temp;

    @Test
    void oneLineCostsTwoGetsThenOne(SeaweedFs server) throws IOException {
        RequestCounter counter = new RequestCounter();
        Path cache = temp.resolve("cache");
        try (S3Objects objects = server.client(cache, counter)) {
            String bucket = SeaweedFs.newBucket(objects);
            Path input = Files.write(temp.resolve("numbers.txt"),
                    IntStream.range(0, 100_000).mapToObj(Integer::toString).collect(Collectors.toList()));
            LineStores.build(input, temp.resolve("store"), StoreOptions.builder().sharded(40_000).build());
            S3Location location = new S3Location(bucket, "numbers");
            new StorePusher(objects, StorePusher.DEFAULT_PART_BYTES).push(temp.resolve("store"), location);
            IndexCache indexCache = new IndexCache(cache, 1 << 30);

            counter.reset();
            try (LineStore store = S3LineStore.open(objects, indexCache, location, ReadOptions.of(ReadMethod.AUTO), () -> { })) {
                long openRequests = counter.total();
                assertThat(openRequests).as("open: the manifest only").isEqualTo(1);

                counter.reset();
                assertThat(store.read(99_999, 1)).containsExactly("99999");
                assertThat(counter.get("GetObjectRequest")).as("first read, index not cached: %s", counter).isEqualTo(2);
                assertThat(counter.total()).isEqualTo(2);

                counter.reset();
                assertThat(store.read(80_001, 1)).containsExactly("80001");
                assertThat(counter.total()).as("same shard, index mapped: %s", counter).isEqualTo(1);

                counter.reset();
                assertThat(store.read(50_000, 10_000)).hasSize(10_000).startsWith("50000").endsWith("59999");
                assertThat(counter.total()).as("10,000 lines of another shard: index + one range: %s", counter)
                        .isEqualTo(2);
            }

            counter.reset();
            try (LineStore store = S3LineStore.open(objects, indexCache, location, ReadOptions.of(ReadMethod.AUTO), () -> { })) {
                counter.reset();
                assertThat(store.read(99_998, 1)).isEqualTo(List.of("99998"));
                assertThat(counter.total()).as("index cached on disk by the first open: %s", counter).isEqualTo(1);
            }
            assertThat(counter.get("ListObjectsV2Request") + counter.get("ListObjectsRequest")).isZero();
        }
    }
}
