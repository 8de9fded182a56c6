package io.linestore.s3;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.benmanes.caffeine.cache.Caffeine;
import io.linestore.CorruptStoreException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Entries fetched by ranged GETs are the index's entries at every page boundary, one GET per
 * {@code load} whatever it spans, a sequential walk reads ahead, and bytes that cannot be an index's
 * entries are refused by name.
 */
class RangedEntriesTest {

    private static final int HEADER = 48;

    private final List<long[]> gets = new ArrayList<>();

    @Test
    void everyEntryIsTheIndexsAcrossPageBoundaries() {
        Random random = new Random(42);
        long[] offsets = offsets(random, 5_000);
        RangedEntries entries = entries(offsets);
        assertThat(entries.entryCount()).isEqualTo(offsets.length);
        for (int i = 0; i < 2_000; i++) {
            long first = random.nextLong(offsets.length);
            long last = Math.min(offsets.length - 1, first + random.nextInt(1_500));
            gets.clear();
            entries.load(first, last);
            assertThat(gets).as("one GET for [%d, %d]", first, last).hasSizeLessThanOrEqualTo(1);
            for (long e = first; e <= last; e++) {
                assertThat(entries.entry(e)).as("entry %d", e).isEqualTo(offsets[(int) e]);
            }
            assertThat(gets).hasSizeLessThanOrEqualTo(1);
        }
    }

    /**
     * A walk in batches reads ahead as far as it has read: each fetch that continues the last one
     * takes twice its pages, up to {@link RangedEntries#READ_AHEAD_PAGES}.
     */
    @Test
    void aSequentialWalkReadsAheadTwiceItsLastFetch() {
        long[] offsets = offsets(new Random(1), 300_000);
        RangedEntries entries = entries(offsets);
        for (long first = 0; first < offsets.length - 1; first += 4_096) {
            long last = Math.min(offsets.length - 1, first + 4_096);
            entries.load(first, last);
            assertThat(entries.entry(last)).isEqualTo(offsets[(int) last]);
        }
        long pageBytes = 8L * RangedEntries.PAGE_ENTRIES;
        List<Long> pages = gets.stream().map(get -> (get[1] - get[0] + pageBytes - 1) / pageBytes).toList();
        // 9 pages (entries 0 to 4,096), then 18, 36, 72, 144, 256 (the most), and the rest of the 586.
        assertThat(pages).containsExactly(9L, 18L, 36L, 72L, 144L, 256L, 51L);
    }

    @Test
    void entriesThatFallOrLeaveTheDataAreRefused() {
        long[] offsets = offsets(new Random(3), 1_000);
        long[] falling = offsets.clone();
        falling[700] = falling[699] - 1;
        assertThatThrownBy(() -> entries(falling).entry(700)).isInstanceOf(CorruptStoreException.class)
                .hasMessageContaining("shard.idx").hasMessageContaining("entry 700");
        long[] beyond = offsets.clone();
        beyond[998] = offsets[offsets.length - 1] + 1;
        assertThatThrownBy(() -> entries(beyond).entry(998)).isInstanceOf(CorruptStoreException.class)
                .hasMessageContaining("entry 998");
        RangedEntries replaced = new RangedEntries(Path.of("b", "shard.idx"), 0, HEADER, offsets.length,
                offsets[offsets.length - 1], (from, to) -> null, Caffeine.newBuilder().build());
        assertThatThrownBy(() -> replaced.entry(5)).isInstanceOf(CorruptStoreException.class)
                .hasMessageContaining("not the index pushed with the manifest");
    }

    /** Line starts of {@code lines} lines of 1 to 200 bytes, and the end. */
    private static long[] offsets(Random random, int lines) {
        long[] offsets = new long[lines + 1];
        for (int i = 1; i <= lines; i++) {
            offsets[i] = offsets[i - 1] + 1 + random.nextInt(200);
        }
        return offsets;
    }

    /** A view whose GETs read an index file of these entries after a header, and are recorded. */
    private RangedEntries entries(long[] offsets) {
        ByteBuffer file = ByteBuffer.allocate(HEADER + 8 * offsets.length).order(ByteOrder.LITTLE_ENDIAN);
        file.position(HEADER);
        for (long offset : offsets) {
            file.putLong(offset);
        }
        byte[] bytes = file.array();
        return new RangedEntries(Path.of("b", "shard.idx"), 0, HEADER, offsets.length, offsets[offsets.length - 1],
                (from, to) -> {
                    gets.add(new long[] {from, to});
                    return Arrays.copyOfRange(bytes, (int) from, (int) to);
                }, Caffeine.newBuilder().build());
    }
}
