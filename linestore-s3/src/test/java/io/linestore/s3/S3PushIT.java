package io.linestore.s3;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.linestore.ExistingStore;
import io.linestore.LineStore;
import io.linestore.LineStores;
import io.linestore.ReadMethod;
import io.linestore.ReadOptions;
import io.linestore.StoreOptions;
import io.linestore.WriteOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Pushing: a data file larger than the part size goes up in a multipart upload and reads back whole
 * ({@code verify} checks the CRC32C of every byte); pushing another build over a store of the same
 * generation is refused; a replaced store's old generation is deleted once the new manifest is in place.
 */
@ExtendWith(SeaweedFs.class)
class S3PushIT {

    private static final long PART = 5L << 20;

    @TempDir
    Path temp;

    @Test
    void aLargeFileGoesUpInPartsAndReadsBackWhole(SeaweedFs server) throws IOException {
        Path input = Files.writeString(temp.resolve("big.txt"), IntStream.range(0, 700_000)
                .mapToObj(i -> "line number " + i).collect(Collectors.joining("\n", "", "\n")));
        assertThat(Files.size(input)).isGreaterThan(2 * PART);
        LineStores.build(input, temp.resolve("store"), StoreOptions.defaults());
        RequestCounter counter = new RequestCounter();
        try (S3Objects objects = server.client(temp.resolve("cache"), counter)) {
            String bucket = SeaweedFs.newBucket(objects);
            S3Location location = new S3Location(bucket, "big");
            long pushed = new StorePusher(objects, PART).push(temp.resolve("store"), location);
            assertThat(pushed).isGreaterThan(Files.size(input));
            assertThat(counter.get("UploadPartRequest")).as("%s", counter).isGreaterThanOrEqualTo(3);
            assertThat(counter.get("CompleteMultipartUploadRequest")).isPositive();
            try (LineStore store = S3LineStore.open(objects, new IndexCache(temp.resolve("cache"), 1 << 30), location,
                    ReadOptions.of(ReadMethod.AUTO), () -> { })) {
                assertThat(store.read(699_998, 5)).containsExactly("line number 699998", "line number 699999");
                assertThat(store.verify().problems()).isEmpty();
            }
        }
    }

    @Test
    void anotherStoreOfTheSameGenerationIsRefusedAndAnOlderGenerationIsRemoved(SeaweedFs server) throws IOException {
        Path input = Files.writeString(temp.resolve("in.txt"), "a\nb\n");
        LineStores.build(input, temp.resolve("first"), StoreOptions.defaults());
        LineStores.build(input, temp.resolve("second"), StoreOptions.defaults());
        try (S3Objects objects = server.client(temp.resolve("cache"))) {
            String bucket = SeaweedFs.newBucket(objects);
            S3Location location = new S3Location(bucket, "s");
            new StorePusher(objects, PART).push(temp.resolve("first"), location);
            assertThatThrownBy(() -> new StorePusher(objects, PART).push(temp.resolve("second"), location))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("holds another store of the same generation 1");

            // Replacing the first store locally makes generation 2; pushing it removes g1's objects.
            Files.writeString(input, "c\nd\ne\n");
            LineStores.build(input, temp.resolve("first"), StoreOptions.defaults(), WriteOptions.defaults(),
                    ExistingStore.REPLACE);
            new StorePusher(objects, PART).push(temp.resolve("first"), location);
            assertThat(objects.head(bucket, "s/g1/data.lines")).isEmpty();
            assertThat(objects.head(bucket, "s/g2/data.lines")).isPresent();
            try (LineStore store = S3LineStore.open(objects, new IndexCache(temp.resolve("cache"), 1 << 30), location,
                    ReadOptions.of(ReadMethod.AUTO), () -> { })) {
                assertThat(store.read(0, 10)).containsExactly("c", "d", "e");
            }
        }
    }
}
