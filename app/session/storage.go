package session

import (
	"errors"
	"sync"
)

// ErrNotFound is returned by a Storage for a key it does not hold.
var ErrNotFound = errors.New("session: not found in storage")

// Storage keeps small strings under keys, like the browser's localStorage.
// Get returns ErrNotFound (possibly wrapped) for a missing key. Set and
// Delete may fail, for example when the storage is full or disabled; the
// session reports such failures but keeps the game going.
type Storage interface {
	Get(key string) (string, error)
	Set(key, value string) error
	Delete(key string) error
}

// MemoryStorage is a Storage in memory, for tests and for browsers that
// refuse localStorage. The zero value is ready to use.
type MemoryStorage struct {
	mu sync.Mutex
	m  map[string]string
}

// Get returns the value stored under key.
func (s *MemoryStorage) Get(key string) (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	v, ok := s.m[key]
	if !ok {
		return "", ErrNotFound
	}
	return v, nil
}

// Set stores value under key.
func (s *MemoryStorage) Set(key, value string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.m == nil {
		s.m = make(map[string]string)
	}
	s.m[key] = value
	return nil
}

// Delete removes key; deleting a missing key is not an error.
func (s *MemoryStorage) Delete(key string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.m, key)
	return nil
}
