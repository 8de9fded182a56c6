package io.linestore.s3;

import com.google.common.base.Throwables;
import com.google.common.util.concurrent.Uninterruptibles;
import io.linestore.CorruptStoreException;
import io.linestore.LineStore;
import io.linestore.LineVisitor;
import io.linestore.ReadMethod;
import io.linestore.ReadOptions;
import io.linestore.StoreClosedException;
import io.linestore.StoreInfo;
import io.linestore.VerifyReport;
import io.linestore.impl.format.Manifest;
import io.linestore.impl.format.ManifestCodec;
import io.linestore.impl.format.ShardEntry;
import io.linestore.impl.format.StoreFiles;
import io.linestore.impl.index.LineIndex;
import io.linestore.impl.read.PromisedLines;
import java.lang.foreign.Arena;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.stream.LongStream;
import java.util.stream.Stream;

/**
 * A store (or an object indexed in place) read from S3-compatible object storage: the manifest is
 * fetched once, on open; each shard's index entries come from {@link ShardIndexes} (ranged GETs of
 * a few KiB, or a whole compact index downloaded once); then every read of a line range is one
 * ranged GET of the data object (a range of more than {@link S3Settings#getBytes()} bytes, 8 MiB by
 * default, is split into several, {@link S3Settings#getsInFlight()} of them in flight at once, 4 by
 * default, and split in order), checked line by line against the index by {@link PromisedLines}, as
 * local reads are, before any line is handed out. A read that starts where the last one ended
 * fetches ahead twice the bytes of the last GET, at most that many, and the reads that follow are
 * served from them, so a range read in batches costs a GET per doubling, then about one per that
 * many bytes, and fetches little past its end. No bucket is listed.
 *
 * <p>Every {@link ReadMethod} is accepted and reads the same way, through ranged GETs;
 * {@link #readMethod()} returns the one asked for.
 *
 * <p>Identity: every GET of a data object asks for the ETag the object must have
 * ({@code If-Match}): the one the manifest records from the push (for an object indexed in place,
 * the one recorded when it was indexed). An object with another ETag is read only once its whole
 * content has the size and CRC32C the manifest records for the shard ({@link CheckedVersions}: one
 * GET of the object, once per ETag in this process and those sharing the index cache; a copy of
 * the store by a tool that writes new ETags has the same bytes); so is every object of a store
 * copied to the bucket as files, which records no ETags. That ETag is then pinned. Every answer's
 * object size must be what the manifest commits. Anything else, a swapped, replaced, edited or
 * truncated object, is a {@link CorruptStoreException} naming the object, its ETags and the push
 * that repairs it, never lines of another object.
 *
 * <p>A read that finds an object the manifest names gone or changed asks the server for the
 * manifest once more (past {@code LINESTORE_S3_MANIFEST_TTL}, and keeps the answer in the cache): if
 * it is no longer the one this store was opened with, the store was replaced (pushed or indexed
 * again) since, and the read fails saying so; opening it again reads the new one. An open whose
 * cached manifest names index files that are gone reads the server's manifest at once.
 * Thread-safe: reads run in parallel; {@link #close()} waits for running reads.
 */
final class S3LineStore implements LineStore {


    /** Lines per batch of {@link #lines}. */
    private static final long STREAM_BATCH = 4096;

    private final ObjectReads objects;
    private final StoreObjects store;
    /** The same cache, asking the server about the manifest whatever its time to live. */
    private final IndexCache asking;
    /** Whether the bucket's manifest is another than the store's, once a read asked; {@code null} before. */
    private volatile Boolean replaced;
    /** Held while a shard's object is checked whole, so that each is checked once. */
    private final Object pinning = new Object();
    private final ReadOptions options;
    private final ShardIndexes indexes;
    private final CheckedVersions checkedVersions;
    private final FrameObjects frames;
    private final AtomicReferenceArray<String> eTags;
    private final AtomicReference<Window> window = new AtomicReference<>();
    private final int maxGetBytes;
    private final int getsInFlight;
    /** Runs the GETs of a part larger than one GET; a virtual thread each. */
    private final ExecutorService inFlight = Executors.newVirtualThreadPerTaskExecutor();
    private final Runnable onClose;
    private final ReentrantReadWriteLock lifecycle = new ReentrantReadWriteLock();
    private boolean closed;

    /**
     * Opens the store found at a location.
     *
     * @param objects the client
     * @param cache the index cache
     * @param location the store's prefix, or an object indexed in place
     * @param options the read options; the method is recorded, every one reads by ranged GETs
     * @param onClose run once when the store closes (closing a client it alone used)
     * @return the store
     * @throws S3StoreException if there is no store, or the request fails
     */
    static S3LineStore open(ObjectReads objects, IndexCache cache, ObjectLocation location, ReadOptions options,
            Runnable onClose) {
        return open(objects, cache, location, null, options, onClose, S3Settings.DEFAULT_GET_BYTES,
                S3Settings.DEFAULT_GETS_IN_FLIGHT);
    }

    /**
     * Opens the store found at a location, reading at most {@code maxGetBytes} of data per GET.
     *
     * @param sidecar where the sidecar index of a file on a web server lies, or {@code null} for
     *     beside it (and for every store)
     * @param maxGetBytes the most bytes one GET of data fetches, {@code >= 1}
     * @param getsInFlight how many GETs of one shard part are in flight at once, {@code >= 1}
     * @return the store
     */
    static S3LineStore open(ObjectReads objects, IndexCache cache, ObjectLocation location, ObjectLocation sidecar,
            ReadOptions options, Runnable onClose, int maxGetBytes, int getsInFlight) {
        StoreObjects store;
        try {
            store = locate(objects, location, sidecar, cache);
        } catch (S3StoreException | CorruptStoreException e) {
            if (!cache.manifests().trusted() || !stale(e)) {
                throw e;
            }
            // A manifest used without asking (its time to live) may name index files that a push or an
            // index since deleted: the server's manifest names those there.
            store = locate(objects, location, sidecar, cache.asking());
        }
        return new S3LineStore(objects, store, options, cache, onClose, maxGetBytes, getsInFlight);
    }

    private static StoreObjects locate(ObjectReads objects, ObjectLocation location, ObjectLocation sidecar,
            IndexCache cache) {
        return sidecar == null ? StoreObjects.locate(objects, location, cache)
                : StoreObjects.locate(objects, location, sidecar, cache);
    }

    /**
     * Whether a failure may come of a manifest older than the store: an object missing or not the
     * version asked for, or not what the manifest records; not a failure of the server or network.
     */
    private static boolean stale(RuntimeException e) {
        return e instanceof CorruptStoreException || (e instanceof S3StoreException s3 && s3.missing());
    }

    private S3LineStore(ObjectReads objects, StoreObjects store, ReadOptions options, IndexCache cache,
            Runnable onClose, int maxGetBytes, int getsInFlight) {
        this.maxGetBytes = maxGetBytes;
        this.getsInFlight = getsInFlight;
        this.onClose = onClose;
        this.objects = objects;
        this.store = store;
        this.asking = cache.asking();
        this.options = options;
        this.indexes = new ShardIndexes(objects, store, cache);
        this.checkedVersions = cache.checked();
        this.frames = store.compressed() ? new FrameObjects(objects, store, cache) : null;
        Manifest manifest = store.manifest();
        this.eTags = new AtomicReferenceArray<>(manifest.shards().size());
        if (store.sourceETag() != null) {
            eTags.set(0, store.sourceETag());
        }
    }

    @Override
    public long lineCount() {
        return store.manifest().lineCount();
    }

    @Override
    public List<String> read(long offset, long size) {
        long end = end(offset, size);
        if (end - offset > MAX_READ_LINES) {
            throw new IllegalArgumentException("read(" + offset + ", " + size + ") would return " + (end - offset)
                    + " lines, more than a list holds (" + MAX_READ_LINES + "): use lines() or readBytes()");
        }
        List<String> lines = new ArrayList<>((int) (end - offset));
        readBytes(offset, size, (number, bytes) -> lines.add(
                new String(bytes.array(), bytes.arrayOffset() + bytes.position(), bytes.remaining(),
                        StandardCharsets.UTF_8)));
        return lines;
    }

    @Override
    public void readBytes(long offset, long size, LineVisitor visitor) {
        long end = end(offset, size);
        lifecycle.readLock().lock();
        try {
            checkOpen();
            Manifest manifest = store.manifest();
            long perShard = manifest.linesPerShard();
            for (long line = offset; line < end; ) {
                int shard = (int) (line / perShard);
                long shardStart = (long) shard * perShard;
                long shardEnd = Math.min(end, shardStart + manifest.shards().get(shard).lines());
                readShard(shard, line - shardStart, shardEnd - shardStart, shardStart, visitor);
                line = shardEnd;
            }
        } catch (S3StoreException | CorruptStoreException e) {
            throw replacedOr(e);
        } finally {
            lifecycle.readLock().unlock();
        }
    }

    @Override
    public Stream<String> lines(long offset, long size) {
        long end = end(offset, size);
        return LongStream.iterate(offset, batch -> batch < end, batch -> batch + STREAM_BATCH)
                .mapToObj(batch -> read(batch, Math.min(STREAM_BATCH, end - batch)))
                .flatMap(List::stream);
    }

    @Override
    public StoreInfo info() {
        lifecycle.readLock().lock();
        try {
            checkOpen();
            return store.manifest().info();
        } finally {
            lifecycle.readLock().unlock();
        }
    }

    @Override
    public VerifyReport verify() {
        lifecycle.readLock().lock();
        try {
            checkOpen();
            Optional<VerifyReport.Problem> manifest = manifestProblem();
            if (manifest.isPresent()) {
                // The objects this reader knows are not the store's now: checking them would tell nothing.
                return new VerifyReport(List.of(manifest.get()));
            }
            List<VerifyReport.Problem> problems = new ArrayList<>();
            for (int shard = 0; shard < store.manifest().shards().size(); shard++) {
                // The bucket's index, not the cache's: verify checks what readers will download.
                try (Arena arena = Arena.ofConfined()) {
                    LineIndex index = null;
                    if (store.manifest().indexStride() > 0) {
                        try {
                            index = indexes.fetch(shard, arena);
                            index.checkWhole();
                        } catch (CorruptStoreException e) {
                            problems.add(new VerifyReport.Problem(store.indexName(shard), e.getMessage()));
                            index = null;
                        }
                    }
                    problems.addAll(new ObjectVerifier(objects, store, shard, index, eTags.get(shard)).verify());
                }
            }
            return new VerifyReport(problems);
        } finally {
            lifecycle.readLock().unlock();
        }
    }

    /**
     * Whether the bucket's manifest is still the one this store was opened with: verify checks what
     * readers open now, not a manifest that a cache kept ({@code LINESTORE_S3_MANIFEST_TTL}).
     */
    private Optional<VerifyReport.Problem> manifestProblem() {
        String name = store.filesRoot().path(StoreFiles.MANIFEST).toString();
        try {
            return manifestNow().map(detail -> new VerifyReport.Problem(name, detail));
        } catch (CorruptStoreException e) {
            return Optional.of(new VerifyReport.Problem(name, e.getMessage()));
        }
    }

    /**
     * How the bucket's manifest now differs from the one this store was opened with, asked of the
     * server whatever the cache's time to live (the answer replaces the cached manifest).
     *
     * @return empty if it is the same; else what it is, in words
     * @throws CorruptStoreException if the bucket's manifest is damaged
     */
    private Optional<String> manifestNow() {
        ObjectLocation root = store.filesRoot();
        Optional<byte[]> json = asking.manifests().get(objects, root.bucket(), root.resolve(StoreFiles.MANIFEST));
        if (json.isEmpty()) {
            return Optional.of("no longer exists");
        }
        ManifestCodec.Remote now = ManifestCodec.parseRemote(root.path(StoreFiles.MANIFEST), json.get());
        if (now.manifest().equals(store.manifest()) && Objects.equals(now.objects(), store.pushed())) {
            return Optional.empty();
        }
        return Optional.of("is not the manifest this reader opened: the store changed since (or since the cached"
                + " manifest was last checked); open it again");
    }

    /**
     * The failure of a read as a user can act on it: if an object the manifest names is gone or is
     * not what it records, and the bucket's manifest is no longer the one this store was opened with,
     * the store was replaced since (pushed or indexed again, or the manifest was kept within its time
     * to live): opening it again reads the new one. The server is asked once per store.
     */
    private RuntimeException replacedOr(RuntimeException e) {
        if (!stale(e)) {
            return e;
        }
        Boolean known = replaced;
        if (known == null) {
            try {
                known = manifestNow().isPresent();
            } catch (RuntimeException failed) {
                e.addSuppressed(failed);
                return e;
            }
            replaced = known;
        }
        if (!known) {
            return e;
        }
        String what = store.inPlace() ? "the index of " + store.uri() : "the store at " + store.uri();
        return new S3StoreException(what + " was replaced since it was opened; open it again", e);
    }

    @Override
    public ReadMethod readMethod() {
        return options.method();
    }

    @Override
    public void close() {
        lifecycle.writeLock().lock();
        try {
            if (!closed) {
                closed = true;
                // No read runs under the write lock; GETs a failed read cancelled are waited for.
                inFlight.close();
                indexes.close();
                if (frames != null) {
                    frames.close();
                }
                onClose.run();
            }
        } finally {
            lifecycle.writeLock().unlock();
        }
    }

    /** Reads shard lines {@code [from, to)}, in GETs of at most {@link #maxGetBytes} bytes. */
    private void readShard(int shard, long from, long to, long lineBase, LineVisitor visitor) {
        Manifest manifest = store.manifest();
        ShardEntry entry = manifest.shards().get(shard);
        int stride = manifest.indexStride();
        PromisedLines promised = new PromisedLines(store.dataPath(shard), store.indexPath(shard), entry.lines(),
                store.textBytes(shard), store.openEnd());
        if (stride == 0) {
            fetch(new RangeGet(store.dataPath(shard), new long[] {0, store.textBytes(shard)}, 0, 0, from, to), promised,
                    shard, lineBase, visitor);
            return;
        }
        ShardEntries index = indexes.entries(shard);
        long first = from / stride;
        long last = Math.min(Math.ceilDiv(to, stride), index.entryCount() - 1);
        index.load(first, last);
        long chunkStart = first;
        long chunkStartByte = index.entry(first);
        List<Long> entries = new ArrayList<>();
        entries.add(chunkStartByte);
        Gets gets = new Gets(promised, shard, lineBase, visitor);
        try {
            for (long e = first + 1; e <= last; e++) {
                long offset = index.entry(e);
                if (offset - chunkStartByte > maxGetBytes && entries.size() > 1) {
                    gets.add(plan(shard, stride, entries, chunkStart, from, to));
                    chunkStart = e - 1;
                    chunkStartByte = entries.getLast();
                    entries.clear();
                    entries.add(chunkStartByte);
                }
                entries.add(offset);
            }
            gets.add(plan(shard, stride, entries, chunkStart, from, to));
            gets.finish();
        } finally {
            gets.cancel();
        }
    }

    /**
     * The GETs of one shard part: a part of one GET is fetched (reading ahead when it continues the
     * last read) and split; a larger one keeps {@link #getsInFlight} GETs in flight and splits
     * their answers in order. At most that many answers are held at once, whatever the part's size.
     */
    private final class Gets {

        private final PromisedLines promised;
        private final int shard;
        private final long lineBase;
        private final LineVisitor visitor;
        private final ArrayDeque<RangeGet> plans = new ArrayDeque<>();
        private final ArrayDeque<Future<byte[]>> answers = new ArrayDeque<>();
        private RangeGet firstPlan;

        Gets(PromisedLines promised, int shard, long lineBase, LineVisitor visitor) {
            this.promised = promised;
            this.shard = shard;
            this.lineBase = lineBase;
            this.visitor = visitor;
        }

        void add(RangeGet plan) {
            if (firstPlan == null && plans.isEmpty()) {
                firstPlan = plan;
                return;
            }
            if (firstPlan != null) {
                submit(firstPlan);
                firstPlan = null;
            }
            if (answers.size() == getsInFlight) {
                splitOldest();
            }
            submit(plan);
        }

        void finish() {
            if (firstPlan != null) {
                fetch(firstPlan, promised, shard, lineBase, visitor);
                firstPlan = null;
            }
            while (!answers.isEmpty()) {
                splitOldest();
            }
        }

        void cancel() {
            answers.forEach(answer -> answer.cancel(true));
        }

        private void submit(RangeGet plan) {
            plans.add(plan);
            answers.add(inFlight.submit(() -> bytesOf(plan, shard, false)));
        }

        private void splitOldest() {
            RangeGet plan = plans.poll();
            byte[] bytes;
            try {
                bytes = Uninterruptibles.getUninterruptibly(answers.poll());
            } catch (ExecutionException e) {
                Throwables.throwIfUnchecked(e.getCause());
                throw new IllegalStateException(e.getCause());
            }
            plan.split(bytes, promised, lineBase, visitor);
        }
    }

    private RangeGet plan(int shard, int stride, List<Long> entries, long firstEntry, long from, long to) {
        long[] offsets = entries.stream().mapToLong(Long::longValue).toArray();
        return new RangeGet(store.dataPath(shard), offsets, firstEntry * stride, stride, from, to);
    }

    /** One ranged GET of the object the manifest names, checked against its committed size, then split. */
    private void fetch(RangeGet plan, PromisedLines promised, int shard, long lineBase, LineVisitor visitor) {
        plan.split(bytesOf(plan, shard, true), promised, lineBase, visitor);
    }

    /**
     * The bytes {@code [fetchFrom, fetchTo)} of a plan: from the last GET's bytes if they hold them, else
     * one ranged GET of the object the manifest names, checked against its committed size and ETag.
     *
     * @param readAhead whether a GET that continues the last read fetches ahead: twice the last GET's
     *     bytes, at most {@link #maxGetBytes}, so that a reader fetches ahead only as much as it has
     *     shown it reads (a 10,000-line read in batches of 4,096 lines: two GETs, 1.2x its bytes)
     */
    private byte[] bytesOf(RangeGet plan, int shard, boolean readAhead) {
        if (plan.fetchTo() - plan.fetchFrom() > Integer.MAX_VALUE - 8) {
            throw new CorruptStoreException(plan.object(), "a read of bytes [" + plan.fetchFrom() + ", "
                    + plan.fetchTo() + ") is larger than one array; a store read from S3 needs an index");
        }
        Window last = window.get();
        if (last != null && last.holds(shard, plan.fetchFrom(), plan.fetchTo())) {
            window.compareAndSet(last, last.servedTo(plan.fetchTo()));
            return last.slice(plan.fetchFrom(), plan.fetchTo());
        }
        // A read that starts where the last one ended reads ahead, twice what the last GET fetched (as
        // a kernel's read-ahead grows): the next ones are served from its bytes.
        long fetchTo = readAhead && last != null && last.continuedBy(shard, plan.fetchFrom())
                ? Math.min(store.textBytes(shard), Math.max(plan.fetchTo(),
                        plan.fetchFrom() + Math.min(maxGetBytes, 2L * last.bytes().length)))
                : plan.fetchTo();
        boolean pinned = eTags.get(shard) != null;
        String expected = identity(shard, plan.object());
        ObjectReads.Range range = text(shard, plan.fetchFrom(), fetchTo, expected);
        if (range == null && !pinned && !store.inPlace()) {
            // Not the object pushed: read only if its whole content is the shard's (a copy with another ETag).
            expected = pinByContent(shard, plan.object());
            range = text(shard, plan.fetchFrom(), fetchTo, expected);
        }
        if (range == null) {
            throw changed(plan, "its ETag is no longer " + expected);
        }
        checkSize(plan.object(), shard, range.objectSize(), plan.fetchFrom());
        if (range.bytes().length != fetchTo - plan.fetchFrom()) {
            throw new CorruptStoreException(plan.object(), "a GET of bytes [" + plan.fetchFrom() + ", " + fetchTo
                    + ") returned " + range.bytes().length + " bytes: the object is shorter than the manifest commits");
        }
        if (expected == null) {
            // A server that ignores If-Match: the ETag of its answer is pinned, and compared from then on.
            eTags.compareAndSet(shard, null, range.eTag());
            expected = eTags.get(shard);
        } else {
            eTags.compareAndSet(shard, null, expected);
        }
        if (expected != null && range.eTag() != null && !expected.equals(range.eTag())) {
            throw changed(plan, "its ETag is " + range.eTag() + ", no longer " + expected);
        }
        Window fetched = new Window(shard, plan.fetchFrom(), range.bytes(), plan.fetchTo());
        window.set(fetched);
        return fetchTo == plan.fetchTo() ? range.bytes() : fetched.slice(plan.fetchFrom(), plan.fetchTo());
    }

    /** Text {@code [from, to)} of a shard: one ranged GET of its data object, through its frames if compressed. */
    private ObjectReads.Range text(int shard, long from, long to, String ifMatch) {
        return frames != null ? frames.text(shard, from, to, ifMatch)
                : objects.getRange(store.bucket(), store.dataKey(shard), from, to, ifMatch);
    }

    /**
     * The bytes of the last GET of a data object, kept so that the reads that follow a sequential
     * read are served without a request.
     *
     * @param shard the shard whose data object they are
     * @param from the object byte of {@code bytes[0]}
     * @param bytes the bytes
     * @param servedTo one past the last byte a read has used
     */
    private record Window(int shard, long from, byte[] bytes, long servedTo) {

        boolean holds(int otherShard, long start, long end) {
            return otherShard == shard && start >= from && end <= from + bytes.length;
        }

        /** Whether a read from {@code start} begins at the byte before the last read's end, its check byte. */
        boolean continuedBy(int otherShard, long start) {
            return otherShard == shard && start == servedTo - 1;
        }

        Window servedTo(long end) {
            return new Window(shard, from, bytes, Math.max(servedTo, end));
        }

        byte[] slice(long start, long end) {
            return Arrays.copyOfRange(bytes, (int) (start - from), (int) (end - from));
        }
    }

    /**
     * The ETag a GET of a shard's data object asks for ({@code If-Match}): the one pinned by an
     * earlier GET, else the one recorded at push (or when indexed in place), else, for a store
     * copied to the bucket as files, the one of the object whose whole content is the shard's.
     */
    private String identity(int shard, Path object) {
        String pinned = eTags.get(shard);
        if (pinned != null) {
            return pinned;
        }
        String recorded = store.recordedETag(shard);
        // An object indexed in place was checked when the store was opened (a web server may give no ETag).
        return recorded != null || store.inPlace() ? recorded : pinByContent(shard, object);
    }

    /**
     * Pins the ETag a shard's data object has now, once its whole content has the size and CRC32C
     * the manifest records for the shard ({@link CheckedVersions}: read whole unless a check of that
     * ETag passed before); one GET of its first byte tells the ETag.
     *
     * @return the pinned ETag ({@code null} for an empty object, or a server that gives none)
     * @throws CorruptStoreException if the object is not the shard's: another shard's or store's, edited,
     *     or of another size
     */
    private String pinByContent(int shard, Path object) {
        synchronized (pinning) {
            String pinned = eTags.get(shard);
            if (pinned != null || store.objectSize(shard) == 0) {
                return pinned;
            }
            ObjectReads.Range first = objects.getRange(store.bucket(), store.dataKey(shard), 0, 1, null);
            checkSize(object, shard, first.objectSize(), 0);
            ShardEntry entry = store.manifest().shards().get(shard);
            Optional<String> mismatch = checkedVersions.mismatch(objects, store.bucket(), store.dataKey(shard),
                    first.eTag(), store.objectSize(shard), entry.dataCrc32c());
            if (mismatch.isPresent()) {
                String recorded = store.recordedETag(shard);
                String fix = store.pushed() != null ? "push the store again: linestore push STORE " + store.uri()
                        : "copy the store's files there again" + (store.location().isHttp() ? ""
                                : ", or push the store: linestore push STORE " + store.uri());
                throw new CorruptStoreException(object, (recorded == null ? "its content"
                        : "its ETag is " + first.eTag() + ", not " + recorded + " as pushed, and its content")
                        + " is not shard " + shard + "'s (" + mismatch.get() + "); " + fix);
            }
            eTags.compareAndSet(shard, null, first.eTag());
            return eTags.get(shard);
        }
    }

    private void checkSize(Path object, int shard, long objectSize, long from) {
        if (objectSize != store.objectSize(shard)) {
            String size = objectSize == ObjectReads.Range.SHORTER ? "shorter than " + from + " bytes"
                    : objectSize + " bytes";
            throw new CorruptStoreException(object, "the object is " + size + ", the manifest commits "
                    + store.objectSize(shard) + ": it was replaced or changed since the store was written; open the"
                    + " store again, and if that fails push (or index) it again");
        }
    }

    private CorruptStoreException changed(RangeGet plan, String detail) {
        return new CorruptStoreException(plan.object(), "the object changed while the store was open (" + detail
                + "); open the store again" + (store.openEnd() ? " after indexing it again" : ""));
    }

    private long end(long offset, long size) {
        if (offset < 0) {
            throw new IllegalArgumentException("offset must be >= 0: " + offset);
        }
        if (size < 0) {
            throw new IllegalArgumentException("size must be >= 0: " + size);
        }
        long count = lineCount();
        return offset >= count ? offset : offset + Math.min(size, count - offset);
    }

    private void checkOpen() {
        if (closed) {
            throw new StoreClosedException(store.uri());
        }
    }
}
