package io.linestore.bench.naive;

import io.linestore.bench.data.LineRanges;
import java.io.BufferedReader;
import java.io.FileReader;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The naive ways of reading lines of a plain text file that the benchmarks use as baselines.
 * Shared by the JMH {@code @Param}s and the tests.
 *
 * <p>Each is given the position of the first line it reads, as a naive program would have it
 * (a character count, a byte offset); finding that position is not measured. What is measured is
 * what each approach costs once it has it.
 */
public enum NaiveRead {

    /**
     * {@code FileReader.skip(chars)} to the first line, then {@link BufferedReader#readLine()}:
     * skipping decodes every character before the line, so the cost grows with the position.
     */
    READER_SKIP {
        @Override
        List<String> readLines(Path file, RandomAccessFile unused, LineStarts starts, int index, int size)
                throws IOException {
            try (Reader reader = new FileReader(file.toFile(), StandardCharsets.UTF_8)) {
                long toSkip = starts.charOffset(index);
                while (toSkip > 0) {
                    long skipped = reader.skip(toSkip);
                    if (skipped <= 0) {
                        throw new IOException("cannot skip to character " + starts.charOffset(index) + " of " + file);
                    }
                    toSkip -= skipped;
                }
                BufferedReader lines = new BufferedReader(reader);
                List<String> result = new ArrayList<>(size);
                String line;
                while (result.size() < size && (line = lines.readLine()) != null) {
                    result.add(line);
                }
                return result;
            }
        }
    },

    /**
     * {@link RandomAccessFile#seek(long)} to the first line's byte offset, then
     * {@link RandomAccessFile#readLine()}: one system call per byte. Its Latin-1 result is turned
     * back into the UTF-8 text it was, as a careful naive program would.
     */
    RANDOM_ACCESS_FILE_READ_LINE {
        @Override
        List<String> readLines(Path file, RandomAccessFile open, LineStarts starts, int index, int size)
                throws IOException {
            open.seek(starts.byteOffset(index));
            List<String> result = new ArrayList<>(size);
            String line;
            while (result.size() < size && (line = open.readLine()) != null) {
                result.add(new String(line.getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8));
            }
            return result;
        }
    };

    /**
     * Opens a reader of {@code file} that can start at the given lines; its {@code read} throws
     * {@link IllegalArgumentException} for any other first line.
     *
     * @param file the text file
     * @param firstLines the line numbers reads may start at
     * @return the reader, not thread-safe; close it
     * @throws UncheckedIOException naming the file if it cannot be read
     */
    public LineRanges open(Path file, long[] firstLines) {
        LineStarts starts = LineStarts.scan(file, firstLines);
        try {
            RandomAccessFile open = new RandomAccessFile(file.toFile(), "r");
            return new LineRanges() {
                @Override
                public List<String> read(long firstLine, int size) {
                    try {
                        return readLines(file, open, starts, starts.indexOf(firstLine), size);
                    } catch (IOException e) {
                        throw new UncheckedIOException("cannot read " + file + " with " + NaiveRead.this, e);
                    }
                }

                @Override
                public void close() {
                    try {
                        open.close();
                    } catch (IOException e) {
                        throw new UncheckedIOException("cannot close " + file, e);
                    }
                }
            };
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open " + file, e);
        }
    }

    abstract List<String> readLines(Path file, RandomAccessFile open, LineStarts starts, int index, int size)
            throws IOException;
}
