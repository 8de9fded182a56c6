package io.linestore.impl.read;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.linestore.CorruptStoreException;
import io.linestore.gen.ReferenceLines;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The per-read check over bytes already fetched (one ranged GET): lines are handed out only when the
 * whole range holds what its index entries promise. The fixed cases name each condition; the seeded
 * random ones compare every stride with {@link ReferenceLines} and damage one entry at a time.
 */
class PromisedLinesTest {

    private static final Path DATA_FILE = Path.of("bucket", "g1", "data.lines");
    private static final Path INDEX_FILE = Path.of("bucket", "g1", "data.idx");
    // Lines: "a" [0,2), "bb\r" + LF [2,6), "" [6,7), "c\rd" [7,11)
    private static final byte[] DATA = "a\nbb\r\n\nc\rd\n".getBytes(StandardCharsets.US_ASCII);
    private static final PromisedLines SHARD = new PromisedLines(DATA_FILE, INDEX_FILE, 4, DATA.length, false);

    @Test
    void splitsOnLineFeedAndDropsTheCarriageReturnBeforeIt() {
        assertThat(read(new long[] {0, 2, 6, 7, 11}, 0, 1, 0, 4, 0)).containsExactly("0:a", "1:bb", "2:",
                "3:c\rd");
    }

    @Test
    void readsFromTheMiddleWithTheByteBeforeTheRange() {
        assertThat(read(new long[] {6, 7, 11}, 2, 1, 2, 4, 100)).containsExactly("102:", "103:c\rd");
    }

    @Test
    void skipsTheLeadingLinesOfASparseEntryAndStopsAtTheWantedEnd() {
        assertThat(read(new long[] {0, 7, 11}, 0, 3, 1, 4, 0)).containsExactly("1:bb", "2:", "3:c\rd");
        assertThat(read(new long[] {0, 7}, 0, 3, 1, 2, 0)).containsExactly("1:bb");
    }

    @Test
    void aShardWithoutIndexIsOneRun() {
        assertThat(read(new long[] {0, 11}, 0, 0, 3, 4, 0)).containsExactly("3:c\rd");
    }

    @Test
    void anEntryThatDoesNotFollowALineEndIsCorruptForEveryStride() {
        // Line 1 said to start at byte 3, inside "bb".
        assertCorrupt(new long[] {3, 6}, 1, 1, 1, 2, "byte 3 is not a line start");
        assertCorrupt(new long[] {3, 7}, 2, 2, 2, 3, "byte 3 is not a line start");
    }

    @Test
    void aRunWithMoreLinesThanPromisedIsCorruptAndNothingIsHandedOut() {
        // The entry of line 1 claims [0, 6) is one line: it holds two; the sparse entry of line 2, [0, 7) two.
        assertCorrupt(new long[] {0, 6, 7}, 0, 1, 0, 2, "line 0 of the shard, bytes [0, 4) of " + DATA_FILE
                + ", holds a \\n: the index skips a line start");
        assertCorrupt(new long[] {0, 3, 7}, 0, 1, 0, 2, "byte 2 is not \\n, yet index entry 1 says line 0");
        assertCorrupt(new long[] {0, 7, 11}, 0, 2, 0, 4, "corrupt store file " + INDEX_FILE + ": entries 0 and 1 give"
                + " the bytes [0, 7) of " + DATA_FILE + ", which hold more than the 2 lines the index promises");
    }

    @Test
    void aRunWithFewerLinesThanPromisedIsCorrupt() {
        assertCorrupt(new long[] {0, 6, 11}, 0, 3, 0, 4, "corrupt store file " + INDEX_FILE + ": entries 0 and 1 give"
                + " the bytes [0, 6) of " + DATA_FILE + ", which hold 2 whole lines where the index promises 3");
    }

    @Test
    void entriesThatDoNotIncreaseOrLeaveTheDataAreCorruptAndNameTheIndex() {
        assertCorrupt(new long[] {2, 2, 6}, 1, 1, 1, 3, "line starts must increase");
        assertCorrupt(new long[] {6, 2, 7}, 0, 3, 0, 4, "entries 0 and 1 are 6 and 2: line starts must increase");
        assertCorrupt(new long[] {0, 9, 7}, 0, 2, 0, 4, "entries 0 and 1 are 0 and 9: line starts must increase");
        PromisedLines shorter = new PromisedLines(DATA_FILE, INDEX_FILE, 4, 10, false);
        assertThatThrownBy(() -> shorter.visit(DATA, new long[] {0, 11}, 0, 1, 0, 1, 0, (n, b) -> { }))
                .isInstanceOf(CorruptStoreException.class).hasMessageContaining(INDEX_FILE.toString())
                .hasMessageContaining("inside the data [0, 10]");
    }

    @Test
    void theUnterminatedLastLineOfAnIndexedFileKeepsItsCarriageReturn() {
        byte[] data = "x\ny\r".getBytes(StandardCharsets.US_ASCII);
        for (int k = 0; k <= 2; k++) {
            int stride = k;
            long[] entries = stride == 1 ? new long[] {0, 2, 4} : new long[] {0, 4};
            List<String> lines = new ArrayList<>();
            new PromisedLines(DATA_FILE, INDEX_FILE, 2, 4, true).visit(data, entries, 0, stride, 0, 2, 0,
                    (n, b) -> lines.add(StandardCharsets.UTF_8.decode(b).toString()));
            assertThat(lines).as("stride %d", stride).containsExactly("x", "y\r");
            PromisedLines store = new PromisedLines(DATA_FILE, INDEX_FILE, 2, 4, false);
            assertThatThrownBy(() -> store.visit(data, entries, 0, stride, 0, 2, 0, (n, b) -> { }))
                    .isInstanceOf(CorruptStoreException.class).hasMessageContaining(DATA_FILE.toString());
        }
    }

    @Test
    void theLastLineOfAnIndexedFileMayEndWithItsTerminator() {
        byte[] data = "x\ny\r\n".getBytes(StandardCharsets.US_ASCII);
        for (int stride = 0; stride <= 2; stride++) {
            long[] entries = stride == 1 ? new long[] {0, 2, 5} : new long[] {0, 5};
            List<String> lines = new ArrayList<>();
            new PromisedLines(DATA_FILE, INDEX_FILE, 2, 5, true).visit(data, entries, 0, stride, 0, 2, 0,
                    (n, b) -> lines.add(StandardCharsets.UTF_8.decode(b).toString()));
            assertThat(lines).as("stride %d", stride).containsExactly("x", "y");
        }
    }

    /** Every stride, every wanted range of random texts: the lines the reference splitter finds. */
    @Test
    void everyRangeOfRandomTextsSplitsAsTheReferenceDoes() {
        SplittableRandom random = new SplittableRandom(20261125);
        for (int round = 0; round < 3000; round++) {
            Text text = Text.random(random);
            if (text.lines.isEmpty()) {
                continue;
            }
            int stride = random.nextInt(5);
            int n = text.lines.size();
            int from = random.nextInt(n);
            int to = from + 1 + random.nextInt(n - from);
            long[] entries = text.entries(stride, from, to);
            List<String> seen = new ArrayList<>();
            text.shard().visit(text.fetched(entries), entries, firstLine(stride, from), stride, from, to, 1000,
                    (number, line) -> seen.add(number + ":" + StandardCharsets.ISO_8859_1.decode(line)));
            List<String> expected = new ArrayList<>();
            for (int line = from; line < to; line++) {
                expected.add((1000 + line) + ":" + new String(text.lines.get(line), StandardCharsets.ISO_8859_1));
            }
            assertThat(seen).as("%s, stride %d, lines [%d, %d)", text, stride, from, to).isEqualTo(expected);
        }
    }

    /**
     * One entry moved anywhere else in the data (the data's end excepted: readers take it from the
     * manifest): a one-line {@link CorruptStoreException} naming a file, and nothing handed out.
     */
    @Test
    void anyMovedEntryIsCorruptAndNothingIsHandedOut() {
        SplittableRandom random = new SplittableRandom(42);
        int moves = 0;
        for (int round = 0; round < 3000; round++) {
            Text text = Text.random(random);
            int n = text.lines.size();
            if (n == 0) {
                continue;
            }
            int stride = 1 + random.nextInt(4);
            int from = random.nextInt(n);
            int to = from + 1 + random.nextInt(n - from);
            long[] entries = text.entries(stride, from, to);
            int last = entries.length - 1;
            int moved = random.nextInt(entries[last] == text.bytes.length ? last : entries.length);
            long was = entries[moved];
            entries[moved] = random.nextInt(text.bytes.length + 1);
            if (entries[moved] == was || (entries[0] > 0 ? entries[0] - 1 : 0) > entries[last]) {
                continue;
            }
            List<String> seen = new ArrayList<>();
            assertThatThrownBy(() -> text.shard().visit(text.fetched(entries), entries, firstLine(stride, from), stride,
                    from, to, 0, (number, line) -> seen.add("x")))
                    .as("%s, stride %d, lines [%d, %d), entry %d moved from %d to %d", text, stride, from, to, moved,
                            was, entries[moved])
                    .isInstanceOf(CorruptStoreException.class).hasMessageContaining("data.")
                    .hasMessageNotContaining("\n");
            assertThat(seen).isEmpty();
            moves++;
        }
        assertThat(moves).isGreaterThan(1000);
    }

    /**
     * A random text: short lines of a, \r and \n, sometimes with an unterminated last line, sometimes
     * read as a file indexed in place (whose last line may, not must, lack its \n).
     */
    private record Text(byte[] bytes, List<byte[]> lines, long[] starts, boolean openEnd) {

        static Text random(SplittableRandom random) {
            byte[] bytes = new byte[random.nextInt(40)];
            byte[] alphabet = {'a', 'b', '\r', '\n', '\n'};
            for (int i = 0; i < bytes.length; i++) {
                bytes[i] = alphabet[random.nextInt(alphabet.length)];
            }
            List<byte[]> lines = ReferenceLines.split(bytes);
            long[] starts = new long[lines.size() + 1];
            int line = 1;
            for (int i = 0; i < bytes.length && line < lines.size(); i++) {
                if (bytes[i] == '\n') {
                    starts[line++] = i + 1;
                }
            }
            starts[lines.size()] = bytes.length;
            boolean unterminated = bytes.length > 0 && bytes[bytes.length - 1] != '\n';
            return new Text(bytes, lines, starts, unterminated || random.nextBoolean());
        }

        PromisedLines shard() {
            return new PromisedLines(DATA_FILE, INDEX_FILE, lines.size(), bytes.length, openEnd);
        }

        /** The entries a read of lines {@code [from, to)} spans, as the S3 store plans one GET. */
        long[] entries(int stride, int from, int to) {
            if (stride == 0) {
                return new long[] {0, bytes.length};
            }
            int first = from / stride;
            int last = Math.ceilDiv(to, stride);
            long[] entries = new long[last - first + 1];
            for (int e = first; e <= last; e++) {
                entries[e - first] = starts[Math.min(e * stride, lines.size())];
            }
            return entries;
        }

        byte[] fetched(long[] entries) {
            return Arrays.copyOfRange(bytes, (int) (entries[0] > 0 ? entries[0] - 1 : 0),
                    (int) entries[entries.length - 1]);
        }

        @Override
        public String toString() {
            return "text " + Arrays.toString(new String(bytes, StandardCharsets.ISO_8859_1).toCharArray())
                    + (openEnd ? " indexed in place" : "");
        }
    }

    private static long firstLine(int stride, int from) {
        return stride == 0 ? 0 : from / stride * stride;
    }

    private static void assertCorrupt(long[] entries, long firstLine, int stride, long from, long to, String message) {
        List<String> seen = new ArrayList<>();
        byte[] bytes = Arrays.copyOfRange(DATA, (int) (entries[0] > 0 ? entries[0] - 1 : 0),
                (int) Math.max(entries[entries.length - 1], entries[0]));
        assertThatThrownBy(() -> SHARD.visit(bytes, entries, firstLine, stride, from, to, 0, (n, b) -> seen.add("x")))
                .isInstanceOf(CorruptStoreException.class).hasMessageContaining(message).hasMessageNotContaining("\n");
        assertThat(seen).isEmpty();
    }

    private static List<String> read(long[] entries, long firstLine, int stride, long from, long to, long base) {
        byte[] bytes = Arrays.copyOfRange(DATA, (int) (entries[0] > 0 ? entries[0] - 1 : 0),
                (int) entries[entries.length - 1]);
        List<String> lines = new ArrayList<>();
        SHARD.visit(bytes, entries, firstLine, stride, from, to, base,
                (n, b) -> lines.add(n + ":" + StandardCharsets.UTF_8.decode(b)));
        return lines;
    }
}
