package screen

import (
	"fmt"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gygy/app/session"
)

// BrowserStorage is the storage of the browser program: the page's
// localStorage, as a session.Storage.
func BrowserStorage() session.Storage { return browserStorage{} }

// browserStorage is a session.Storage on the page's localStorage. A browser
// may refuse localStorage (private mode, full quota): the calls then return
// an error instead of the JavaScript exception they raise.
type browserStorage struct{}

func (browserStorage) call(method string, args ...any) (v app.Value, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("localStorage.%s: %v", method, r)
		}
	}()
	return app.Window().Get("localStorage").Call(method, args...), nil
}

func (s browserStorage) Get(key string) (string, error) {
	v, err := s.call("getItem", key)
	if err != nil {
		return "", err
	}
	if v.IsNull() || v.IsUndefined() {
		return "", session.ErrNotFound
	}
	return v.String(), nil
}

func (s browserStorage) Set(key, value string) error {
	_, err := s.call("setItem", key, value)
	return err
}

func (s browserStorage) Delete(key string) error {
	_, err := s.call("removeItem", key)
	return err
}
