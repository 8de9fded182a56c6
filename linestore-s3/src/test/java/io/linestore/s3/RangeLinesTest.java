package io.linestore.s3;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.linestore.CorruptStoreException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The per-read check over the bytes of one GET: lines are handed out only when the range checks out. */
class RangeLinesTest {

    private static final Path OBJECT = Path.of("bucket", "g1", "data.lines");
    // Lines: "a" [0,2), "bb\r" + LF [2,6), "" [6,7), "c\rd" [7,11)
    private static final byte[] DATA = "a\nbb\r\n\nc\rd\n".getBytes(StandardCharsets.US_ASCII);

    @Test
    void splitsOnLineFeedAndDropsTheCarriageReturnBeforeIt() {
        assertThat(read(plan(new long[] {0, 2, 6, 7, 11}, 0, 1, 4, 0, 4), 0)).containsExactly("0:a", "1:bb", "2:",
                "3:c\rd");
    }

    @Test
    void readsFromTheMiddleWithTheByteBeforeTheRange() {
        assertThat(read(plan(new long[] {6, 7, 11}, 2, 1, 4, 2, 4), 100)).containsExactly("102:", "103:c\rd");
    }

    @Test
    void skipsTheLeadingLinesOfASparseEntry() {
        assertThat(read(plan(new long[] {0, 7, 11}, 0, 3, 4, 1, 4), 0)).containsExactly("1:bb", "2:", "3:c\rd");
    }

    @Test
    void aShardWithoutIndexIsOneRun() {
        assertThat(read(plan(new long[] {0, 11}, 0, 0, 4, 3, 4), 0)).containsExactly("3:c\rd");
    }

    @Test
    void anEntryThatDoesNotFollowALineEndIsCorrupt() {
        List<String> seen = new ArrayList<>();
        assertThatThrownBy(() -> RangeLines.split(plan(new long[] {3, 6}, 1, 1, 4, 1, 2),
                Arrays.copyOfRange(DATA, 2, 6), 0, (n, b) -> seen.add("x")))
                .isInstanceOf(CorruptStoreException.class).hasMessageContaining("byte before it is not a line end");
        assertThat(seen).isEmpty();
    }

    @Test
    void aRunWithMoreLinesThanPromisedIsCorruptAndNothingIsHandedOut() {
        List<String> seen = new ArrayList<>();
        // The entry of line 1 claims [0, 6) is one line: it holds two.
        assertThatThrownBy(() -> RangeLines.split(plan(new long[] {0, 6, 7}, 0, 1, 4, 0, 2),
                Arrays.copyOfRange(DATA, 0, 7), 0, (n, b) -> seen.add("x")))
                .isInstanceOf(CorruptStoreException.class).hasMessageContaining("hold 2 lines, the index promises 1");
        assertThat(seen).isEmpty();
    }

    @Test
    void aShortAnswerIsCorrupt() {
        assertThatThrownBy(() -> RangeLines.split(plan(new long[] {0, 2, 6}, 0, 1, 4, 0, 2),
                Arrays.copyOfRange(DATA, 0, 5), 0, (n, b) -> { }))
                .isInstanceOf(CorruptStoreException.class).hasMessageContaining("returned 5 bytes");
    }

    @Test
    void entriesThatDoNotIncreaseAreCorrupt() {
        assertThatThrownBy(() -> RangeLines.split(plan(new long[] {2, 2, 6}, 1, 1, 4, 1, 3),
                Arrays.copyOfRange(DATA, 1, 6), 0, (n, b) -> { }))
                .isInstanceOf(CorruptStoreException.class).hasMessageContaining("do not increase");
    }

    @Test
    void theUnterminatedLastLineOfAnIndexedObjectKeepsItsCarriageReturn() {
        byte[] data = "x\ny\r".getBytes(StandardCharsets.US_ASCII);
        RangeLines.Plan plan = new RangeLines.Plan(OBJECT, new long[] {0, 2, 4}, 0, 1, 2, 4, true, 0, 2);
        List<String> lines = new ArrayList<>();
        RangeLines.split(plan, data, 0, (n, b) -> lines.add(StandardCharsets.UTF_8.decode(b).toString()));
        assertThat(lines).containsExactly("x", "y\r");
        RangeLines.Plan store = new RangeLines.Plan(OBJECT, new long[] {0, 2, 4}, 0, 1, 2, 4, false, 0, 2);
        assertThatThrownBy(() -> RangeLines.split(store, data, 0, (n, b) -> { }))
                .isInstanceOf(CorruptStoreException.class).hasMessageContaining("is not a line end");
    }

    private static RangeLines.Plan plan(long[] entries, long firstLine, int stride, long shardLines, long from,
            long to) {
        return new RangeLines.Plan(OBJECT, entries, firstLine, stride, shardLines, DATA.length, false, from, to);
    }

    private static List<String> read(RangeLines.Plan plan, long base) {
        byte[] bytes = Arrays.copyOfRange(DATA, (int) plan.fetchFrom(), (int) plan.fetchTo());
        List<String> lines = new ArrayList<>();
        RangeLines.split(plan, bytes, base, (n, b) -> lines.add(n + ":" + StandardCharsets.UTF_8.decode(b)));
        return lines;
    }
}
