package io.linestore.s3;

import io.linestore.LineStoreException;

/**
 * A request to the object store failed in a way a user can act on: the server is down or the
 * endpoint wrong, the credentials are refused, the bucket or key is missing. The message is one
 * line naming the endpoint, bucket or key and what to check. {@link #missing()} tells a failure
 * because an object is not there (or no longer the version asked for) from one of the server or the
 * network: only the first may mean that the store was replaced since its manifest was read.
 */
public final class S3StoreException extends LineStoreException {

    private static final long serialVersionUID = 1L;

    /** Whether an object (or the version of it asked for) is not there: see {@link #missing()}. */
    private final boolean missing;

    /**
     * Makes the exception of a failure other than a missing object.
     *
     * @param message one line: what failed, on which resource, and what to check
     * @param cause the SDK's exception, or {@code null}
     */
    public S3StoreException(String message, Throwable cause) {
        this(message, cause, false);
    }

    /**
     * Makes the exception.
     *
     * @param message one line: what failed, on which resource, and what to check
     * @param cause the SDK's exception, or {@code null}
     * @param missing whether an object (or the version of it asked for) is not there
     */
    public S3StoreException(String message, Throwable cause, boolean missing) {
        super(message, cause);
        this.missing = missing;
    }

    /**
     * Whether the failure is that an object or file is not there, or not in the version asked for
     * (404, 410, 412), rather than a failure of the server, the network or the credentials.
     *
     * @return {@code true} for a missing object
     */
    public boolean missing() {
        return missing;
    }
}
