package io.linestore.impl.read;

import io.linestore.CorruptStoreException;
import io.linestore.LineVisitor;
import io.linestore.SegmentBatch;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.file.Path;

/**
 * Checks a byte range of a shard's data against the index entries that promised it, and splits it
 * into lines: the per-read check of {@code docs/design.md} ("Line semantics", "What each read
 * checks"), the one definition of its conditions and messages for every read path, over bytes
 * already read, wherever they came from (a window of a local data file, one ranged GET of an object).
 *
 * <ul>
 *   <li>An entry for every line (stride 1, dense or compact): {@link #split} takes each line from
 *       its entries. The entries increase strictly and stay inside the range; the byte before the
 *       first line and the last byte of every line is {@code \n} (but the unterminated last line of
 *       a file indexed in place); a {@code \r} before that {@code \n} belongs to the terminator.
 *   <li>An entry every K lines (sparse) or none: {@link #betweenEntries} says what a range between two
 *       entries must hold (exactly the K lines of each entry between them, fewer at the shard's end),
 *       {@link #withoutIndex} what the data of a shard without index holds up to a line, and
 *       {@link LineSplitter} scans the range for {@code \n} and checks that it holds exactly that.
 *   <li>Both: {@link #checkRange} keeps the range inside the committed data.
 * </ul>
 *
 * <p>A range that fails a check is a {@link CorruptStoreException} naming the file and the value,
 * never a wrong line. Thread-safe: one per shard, holding only the shard's facts.
 */
public final class PromisedLines {

    private final Path dataFile;
    private final Path indexFile;
    private final long lines;
    private final long dataBytes;
    private final boolean openEnd;

    /**
     * The facts of one shard that its ranges are checked against.
     *
     * @param dataFile the data file (or object), for messages
     * @param indexFile the index file (or object), for messages
     * @param lines the shard's committed lines
     * @param dataBytes the shard's committed data size
     * @param openEnd whether the last line may lack its {@code \n} (only that of a file indexed in place
     *     may): the data's last byte decides; without it the line ends at the end of the data, and a
     *     {@code \r} there is content
     */
    public PromisedLines(Path dataFile, Path indexFile, long lines, long dataBytes, boolean openEnd) {
        this.dataFile = dataFile;
        this.indexFile = indexFile;
        this.lines = lines;
        this.dataBytes = dataBytes;
        this.openEnd = openEnd;
    }

    /** Receives one checked line: its bytes {@code [start, contentEnd)}, terminator up to {@code end}. */
    @FunctionalInterface
    interface LineTarget {
        void line(long line, int start, int contentEnd, int end);
    }

    /**
     * Checks the bytes of one fetched range against the entries that promised it, then hands the
     * wanted lines to a visitor: nothing is handed out unless the whole range checks out. With stride 1
     * every line is also checked to hold no {@code \n}: the bytes are in hand, and the scan costs less
     * than the request did (a local read does not scan, see {@code IndexedLines}).
     *
     * @param bytes the data's bytes {@code [entries[0] - 1, entries[m])}, with the byte before the
     *     range when {@code entries[0] > 0} (it must be the {@code \n} that proves the first entry
     *     points at a line start), else from byte 0
     * @param entries consecutive index entries {@code entries[0..m]}, {@code m >= 1}: the byte
     *     offsets of lines {@code firstLine, firstLine + K, ...}, the last possibly the data's end;
     *     for a shard without index ({@code stride} 0), {@code {0, dataBytes}}
     * @param firstLine the shard line that {@code entries[0]} starts, a multiple of {@code stride}
     * @param stride lines per entry, {@code >= 1}, or 0 for a shard without index
     * @param from the first wanted shard line
     * @param to one past the last wanted shard line
     * @param lineBase added to a shard line number to make the number the visitor gets
     * @param visitor receives each wanted line's bytes without terminator, a view of {@code bytes}
     *     valid during the call
     * @throws CorruptStoreException if the bytes do not hold the lines the entries promise
     */
    public void visit(byte[] bytes, long[] entries, long firstLine, int stride, long from, long to, long lineBase,
            LineVisitor visitor) {
        int m = entries.length - 1;
        long base = entries[0] > 0 ? entries[0] - 1 : 0;
        if (bytes.length != entries[m] - base) {
            throw new IllegalArgumentException(bytes.length + " bytes for the range [" + base + ", " + entries[m]
                    + ")");
        }
        if (stride == 1) {
            ByteBuffer data = ByteBuffer.wrap(bytes);
            checkRange(firstLine, firstLine + m, entries[0], entries[m]);
            // The bytes are in hand: proving that no line holds a \n costs less than the GET did, and
            // catches a first entry moved to an earlier line start, which joins lines.
            split(data, base, firstLine, firstLine + m, entries, (line, s, contentEnd, e) -> {
                if (Newlines.indexOf(bytes, s, contentEnd) >= 0) {
                    throw skipsLineStart(line, base + s, base + contentEnd);
                }
            });
            ByteBuffer view = data.duplicate();
            split(data, base, firstLine, firstLine + m, entries, (line, s, contentEnd, e) -> {
                if (line >= from && line < to) {
                    view.clear().limit(contentEnd).position(s);
                    visitor.visit(lineBase + line, view);
                }
            });
        } else {
            if (stride > 0) {
                checkRange(firstLine / stride, firstLine / stride + m, entries[0], entries[m]);
            }
            scanRuns(bytes, base, entries, firstLine, stride, from, to, (number, line) -> { });
            scanRuns(bytes, base, entries, firstLine, stride, from, to,
                    (number, line) -> visitor.visit(lineBase + number, line));
        }
    }

    /**
     * Scans each run between two entries: its entries must increase within the range, and it must hold
     * exactly the lines its entry promises (K, fewer at the shard's end, all of them without index); the
     * wanted ones go to the visitor.
     */
    private void scanRuns(byte[] bytes, long base, long[] entries, long firstLine, int stride, long from, long to,
            LineVisitor visitor) {
        LineVisitor wanted = (number, line) -> {
            if (number < to) {
                visitor.visit(number, line);
            }
        };
        for (int r = 0; r + 1 < entries.length; r++) {
            long runFirst = firstLine + (long) r * stride;
            if (stride > 0 && outside(entries[r], entries[r + 1], entries[entries.length - 1])) {
                throw notIncreasing(runFirst / stride, entries[r], entries[r + 1], entries[0],
                        entries[entries.length - 1]);
            }
            long promised = stride == 0 ? lines : Math.max(0, Math.min(stride, lines - runFirst));
            long skip = Math.min(promised, Math.max(0, from - runFirst));
            ExpectedRange range = stride == 0
                    ? withoutIndex(entries[r + 1], skip, runFirst + skip, promised - skip, true)
                    : betweenEntries(runFirst / stride, runFirst / stride + 1, entries[r], entries[r + 1], skip,
                            runFirst + skip, promised - skip, 0);
            LineSplitter splitter = new LineSplitter(range, wanted);
            splitter.accept(ByteBuffer.wrap(bytes, (int) (range.from() - base), (int) (range.to() - range.from())));
            splitter.finish();
        }
    }

    /**
     * Checks and splits lines {@code [i, j)} of an index with an entry for every line, whose bytes lie in
     * {@code data} at {@code entries[0] - base} on (and the byte before them too, when they do not start
     * the data); {@code entries[k - i]} is where line {@code k} starts. The range must have passed
     * {@link #checkRange}. Each line goes to the target as soon as it is checked.
     */
    void split(ByteBuffer data, long base, long i, long j, long[] entries, LineTarget target) {
        long from = entries[0];
        long to = entries[(int) (j - i)];
        if (from > 0 && data.get((int) (from - 1 - base)) != '\n') {
            throw notLineStart(dataFile, from, i);
        }
        long previous = from;
        int n = (int) (j - i);
        for (int k = 0; k < n; k++) {
            long next = entries[k + 1];
            if (outside(previous, next, to)) {
                throw notIncreasing(i + k, previous, next, from, to);
            }
            int s = (int) (previous - base);
            int e = (int) (next - base);
            int contentEnd = e;
            if (data.get(e - 1) == '\n') {
                contentEnd = e - 1;
                if (contentEnd > s && data.get(contentEnd - 1) == '\r') {
                    contentEnd--;
                }
            } else if (!openEnd || i + k + 1 != lines) {
                throw notLineEnd(dataFile, next, i + k);
            }
            target.line(i + k, s, contentEnd, e);
            previous = next;
        }
    }

    /**
     * Checks lines {@code [i, j)} of an index with an entry for every line as {@link #split} does, and adds
     * each to a segment batch by its end: the same conditions, with no call per line, for a batch whose
     * lines stay where they are. {@code data}'s byte 0 is the data's byte {@code base}; the range must
     * have passed {@link #checkRange} with {@code to} its end.
     *
     * @param data the bytes, holding {@code [entries[0] - 1, entries[j - i])} (from byte 0 of the data, if
     *     {@code entries[0]} is 0)
     * @param base the data offset of {@code data}'s byte 0
     * @param i the first line
     * @param j the end line, exclusive, {@code > i}
     * @param entries the entries of lines {@code [i, j]}
     * @param to the end of the whole range being read, which no entry may pass
     * @param batch receives each line's end, relative to {@code base}
     * @throws CorruptStoreException if the bytes do not hold the lines the entries promise
     */
    void checkInto(MemorySegment data, long base, long i, long j, long[] entries, long to, SegmentBatch batch) {
        long from = entries[0];
        if (from > 0 && data.get(ValueLayout.JAVA_BYTE, from - 1 - base) != '\n') {
            throw notLineStart(dataFile, from, i);
        }
        int n = (int) (j - i);
        // The entries first, then their line ends with no branch on the bytes: a test and branch per
        // byte read out of a mapping cost ten times the loads alone. Any failure is found again, line by
        // line, to name it.
        long previous = from;
        boolean inside = true;
        for (int k = 0; k < n; k++) {
            long next = entries[k + 1];
            inside &= !outside(previous, next, to);
            previous = next;
        }
        int misses = 0;
        if (inside) {
            for (int k = 0; k < n; k++) {
                misses |= data.get(ValueLayout.JAVA_BYTE, entries[k + 1] - 1 - base) ^ '\n';
            }
        }
        if (!inside || misses != 0) {
            checkLineByLine(data, base, i, j, entries, to);
        }
        for (int k = 0; k < n; k++) {
            batch.addLine(entries[k + 1] - base);
        }
    }

    /** The checks of {@link #checkInto} one line at a time, to name the first that fails; an open last line passes. */
    private void checkLineByLine(MemorySegment data, long base, long i, long j, long[] entries, long to) {
        long from = entries[0];
        long previous = from;
        for (int k = 0; k < (int) (j - i); k++) {
            long next = entries[k + 1];
            if (outside(previous, next, to)) {
                throw notIncreasing(i + k, previous, next, from, to);
            }
            if (data.get(ValueLayout.JAVA_BYTE, next - 1 - base) != '\n' && (!openEnd || i + k + 1 != lines)) {
                throw notLineEnd(dataFile, next, i + k);
            }
            previous = next;
        }
    }

    /** Whether an entry {@code next} after {@code previous} fails to increase within a range ending at {@code to}. */
    private static boolean outside(long previous, long next, long to) {
        return next <= previous || next > to;
    }

    private CorruptStoreException notIncreasing(long entry, long previous, long next, long from, long to) {
        return new CorruptStoreException(indexFile, "entries " + entry + " and " + (entry + 1) + " are " + previous
                + " and " + next + ": line starts must increase, within [" + from + ", " + to + "]");
    }

    /**
     * Checks that the byte range that entries {@code i} and {@code j} give is non-empty and inside the
     * committed data.
     *
     * @param i the number of the entry that gives {@code from}
     * @param j the number of the entry that gives {@code to}
     * @param from entry {@code i}
     * @param to entry {@code j}
     * @throws CorruptStoreException naming the index if it is not
     */
    void checkRange(long i, long j, long from, long to) {
        if (from < 0 || to <= from || to > dataBytes) {
            throw new CorruptStoreException(indexFile, "entries " + i + " and " + j + " give the byte range ["
                    + from + ", " + to + "), which must be non-empty and inside the data [0, " + dataBytes + "]");
        }
    }

    /**
     * What the bytes between two entries of the index must hold when scanned: the {@code \n} before them
     * (read with them) unless they start the data, then exactly the lines the index promises between
     * the entries, {@code skip} to pass over, {@code count} wanted ones from {@code firstLine} and
     * {@code after} to pass over, and nothing more; the data's unterminated last line when they reach
     * its end. Lines more or fewer mean an entry is not at the start of its line: the error names the
     * index.
     *
     * @param firstEntry the number of the entry that gives {@code from}
     * @param endEntry the number of the entry that gives {@code to}
     * @param from the first byte of the lines, entry {@code firstEntry}
     * @param to the end of the bytes, entry {@code endEntry} (the data's end for the end entry)
     * @param skip lines to pass over before the wanted ones
     * @param firstLine the number of the first wanted line, for the lines handed out and messages
     * @param count wanted lines
     * @param after lines to pass over after the wanted ones
     * @return what a {@link LineSplitter} checks the bytes against
     */
    public ExpectedRange betweenEntries(long firstEntry, long endEntry, long from, long to, long skip, long firstLine,
            long count, long after) {
        boolean leadingNewline = from > 0;
        return new ExpectedRange(dataFile, indexFile, firstEntry, endEntry, leadingNewline ? from - 1 : from, to,
                leadingNewline, skip, firstLine, count, after, true, openEnd && to == dataBytes);
    }

    /**
     * What the data of a shard without index holds from its start: {@code skip} lines to pass over, then
     * {@code count} lines from {@code firstLine}, and, when {@code exactEnd}, nothing more up to
     * {@code to}; the data's unterminated last line when the bytes reach its end.
     *
     * @param to the end of the bytes, the data's end
     * @param skip lines to pass over
     * @param firstLine the number of the first wanted line, for the lines handed out and messages
     * @param count wanted lines
     * @param exactEnd whether the bytes must end right after the wanted lines (they are the shard's last)
     * @return what a {@link LineSplitter} checks the bytes against
     */
    public ExpectedRange withoutIndex(long to, long skip, long firstLine, long count, boolean exactEnd) {
        return new ExpectedRange(dataFile, null, 0, 0, 0, to, false, skip, firstLine, count, 0, exactEnd,
                openEnd && to == dataBytes);
    }

    /**
     * The error of a line that holds a {@code \n}: its entries skip a line start, which only a scan of
     * its bytes sees.
     *
     * @param line the shard's line
     * @param start its first byte in the data
     * @param end the end of its content in the data
     * @return the error, naming the index
     */
    private CorruptStoreException skipsLineStart(long line, long start, long end) {
        return new CorruptStoreException(indexFile, "line " + line + " of the shard, bytes [" + start + ", " + end
                + ") of " + dataFile + ", holds a \\n: the index skips a line start");
    }

    /**
     * The error of a line end whose last byte is not {@code \n}.
     *
     * @param dataFile the data file
     * @param end the byte after the line, where the index says the next line starts
     * @param line the line that is said to end there
     * @return the error, naming the data file
     */
    static CorruptStoreException notLineEnd(Path dataFile, long end, long line) {
        return new CorruptStoreException(dataFile, "byte " + (end - 1) + " is not \\n, yet index entry " + (line + 1)
                + " says line " + line + " of the shard ends there: the index does not match the data");
    }

    /**
     * The error of a line start whose byte before is not {@code \n}.
     *
     * @param dataFile the data file
     * @param start the byte the index says a line starts at
     * @param line the line that is said to start there
     * @return the error, naming the data file
     */
    static CorruptStoreException notLineStart(Path dataFile, long start, long line) {
        return new CorruptStoreException(dataFile, "byte " + start + " is not a line start (the byte before it is"
                + " not \\n), yet the index says line " + line + " starts there: the index does not match the data");
    }
}
